import type { conversions } from "@/db/schema";
import type { RowOf } from "../../db/row-of";
import type { ConversionDoc } from "./schemas";

/** A `conversions` row as rawQuery returns it (derived from the Drizzle table, lib/db/row-of.ts; numeric as text, as node-postgres reads it). */
export type ConversionRow = Pick<
  RowOf<typeof conversions>,
  | "id"
  | "business_id"
  | "event_id"
  | "event_name"
  | "phone"
  | "subscriber_id"
  | "value"
  | "currency"
  | "occurred_at"
  | "promotion_id"
  | "message_id"
  | "attribution"
>;

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
