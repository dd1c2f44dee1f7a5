import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { businessIdColumn, createdAtColumn, timestamptz } from "./columns";

export const consentChannels = ["chatapp", "rcs", "all"] as const;
export const consentKinds = ["marketing", "utility", "all"] as const;
export const consentActions = ["opt_in", "opt_out"] as const;
export const consentSources = [
  "csv_import",
  "api",
  "dashboard",
  "flow",
  "keyword",
  "campaign_link",
  "erasure",
] as const;
export type ConsentChannel = (typeof consentChannels)[number];
export type ConsentKind = (typeof consentKinds)[number];
export type ConsentAction = (typeof consentActions)[number];
export type ConsentSource = (typeof consentSources)[number];

/**
 * The consent ledger (docs/audiences.md, "Consent ledger"): every opt-in and opt-out of a
 * number, append-only. A trigger (migration 0049) refuses UPDATE and DELETE except inside
 * erase_subscriber_consent(), which deletes one number's events and leaves a tombstone row
 * (source `erasure`, `source_ref` who erased, no wording).
 */
export const consentEvents = pgTable(
  "consent_events",
  {
    id: uuid("id").primaryKey(),
    businessId: businessIdColumn(),
    /** E.164 digits without '+'. */
    phone: text("phone").notNull(),
    channel: text("channel", { enum: consentChannels }).notNull(),
    kind: text("kind", { enum: consentKinds }).notNull(),
    /** NULL only on an erasure tombstone (the number's consent is no longer known). */
    action: text("action", { enum: consentActions }),
    source: text("source", { enum: consentSources }).notNull(),
    /** File name, API key id, user id, flow id/run, message id: what wrote the event. */
    sourceRef: text("source_ref"),
    /** What the customer saw or sent (at most 2,000 characters). */
    wording: text("wording"),
    occurredAt: timestamptz("occurred_at").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("consent_events_business_phone_time_idx").on(t.businessId, t.phone, t.occurredAt),
    check("consent_events_wording_length", sql`char_length(${t.wording}) <= 2000`),
    check("consent_events_action_check", sql`(${t.source} = 'erasure') = (${t.action} IS NULL)`),
  ],
);
