import { sql } from "drizzle-orm";
import { index, numeric, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { businessIdColumn, createdAtColumn, timestamptz } from "./columns";

/**
 * Conversions a business reports (POST /api/v3/conversions/{business_id}, docs/economics.md):
 * one row per event id of the business (a repeated event id is the same conversion), attributed
 * when it is written to the last campaign message the number received within that campaign's
 * attributionWindow, else kept with no campaign (unattributed). Never rewritten afterwards: a
 * later campaign does not take an earlier conversion.
 */
export const conversions = pgTable(
  "conversions",
  {
    id: uuid("id").primaryKey(),
    businessId: businessIdColumn(),
    /** The business's own id of the event: the idempotency key. */
    eventId: text("event_id").notNull(),
    eventName: text("event_name").notNull(),
    /** E.164 digits without "+"; NULL when only an unknown subscriber id was given. */
    phone: text("phone"),
    subscriberId: text("subscriber_id"),
    value: numeric("value", { precision: 18, scale: 4, mode: "number" }),
    currency: text("currency"),
    occurredAt: timestamptz("occurred_at").notNull(),
    /** The campaign and the message it is attributed to (both NULL: unattributed). */
    promotionId: uuid("promotion_id"),
    messageId: uuid("message_id"),
    /** "last_touch" (the last campaign message received in its window), "last_click" (the last tracked link clicked in its window) or "none". */
    attribution: text("attribution", { enum: ["last_touch", "last_click", "none"] }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex("conversions_business_event_unique").on(t.businessId, t.eventId),
    index("conversions_promotion_idx")
      .on(t.businessId, t.promotionId)
      .where(sql`${t.promotionId} is not null`),
  ],
);
