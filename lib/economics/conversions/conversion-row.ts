import type { conversions } from "@/db/schema";
import type { ConversionDoc } from "./schemas";

/** A `conversions` row as rawQuery returns it (snake_case; numeric as text, as node-postgres reads it). */
export type ConversionRow = {
  id: string;
  business_id: string;
  event_id: string;
  event_name: string;
  phone: string | null;
  subscriber_id: string | null;
  value: string | null;
  currency: string | null;
  occurred_at: Date;
  promotion_id: string | null;
  message_id: string | null;
  attribution: (typeof conversions.$inferSelect)["attribution"];
};

export const conversionDoc = (r: ConversionRow): ConversionDoc => ({
  id: r.id,
  eventId: r.event_id,
  event: r.event_name,
  phone: r.phone,
  subscriberId: r.subscriber_id,
  value: r.value === null ? null : Number(r.value),
  currency: r.currency,
  occurredAt: r.occurred_at.getTime(),
  attribution: r.attribution,
  campaignId: r.promotion_id,
  messageId: r.message_id,
});
