import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { businessIdColumn, createdAtColumn, timestamptz, updatedAtColumn } from "./columns";

export const templateChannels = ["chatapp", "rcs"] as const;
export const templateStatuses = ["PENDING", "APPROVED", "REJECTED"] as const;
export const templateCategories = ["UTILITY", "MARKETING", "AUTHENTICATION"] as const;

/**
 * Message templates of both channels. `components` holds the chatapp components as sent
 * (Meta's shape, header_handle left empty: images live in `media_hashes`); `rcs_card` holds
 * the RCS rich card (template form). Names are unique per business and channel.
 */
export const templates = pgTable(
  "templates",
  {
    id: uuid("id").primaryKey(),
    businessId: businessIdColumn(),
    channel: text("channel", { enum: templateChannels }).notNull(),
    name: text("name").notNull(),
    language: text("language").notNull(),
    /** Null for RCS templates, which have no category. */
    category: text("category", { enum: templateCategories }),
    status: text("status", { enum: templateStatuses }).notNull().default("PENDING"),
    rejectionReason: text("rejection_reason"),
    components: jsonb("components").notNull().default([]),
    rcsCard: jsonb("rcs_card"),
    /** SHA-256 of each IMAGE header, in component order (top header first, then cards). */
    mediaHashes: jsonb("media_hashes").$type<string[]>().notNull().default([]),
    lintWarnings: jsonb("lint_warnings").notNull().default([]),
    /** Provider that reviews it (simulator, whatsapp-cloud, ...) and its id there. */
    provider: text("provider").notNull().default("simulator"),
    providerRef: text("provider_ref"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    /**
     * Soft delete: a deleted template cannot be sent and leaves every list, but its row stays
     * for the messages, history and audit rows that name it. Its name becomes free again.
     */
    deletedAt: timestamptz("deleted_at"),
  },
  (t) => [
    uniqueIndex("templates_business_channel_name_unique")
      .on(t.businessId, t.channel, t.name)
      .where(sql`${t.deletedAt} is null`),
    index("templates_business_list_idx").on(t.businessId, t.channel, t.id),
    // Review queue across businesses (operators) and provider webhooks, which carry only the
    // provider's template id: the two lookups that cannot lead with business_id.
    index("templates_status_idx").on(t.status, t.id),
    index("templates_provider_ref_idx")
      .on(t.provider, t.providerRef)
      .where(sql`${t.providerRef} is not null`),
  ],
);

/** Every status change of a template, with who made it and why. */
export const templateStatusHistory = pgTable(
  "template_status_history",
  {
    id: uuid("id").primaryKey(),
    businessId: businessIdColumn(),
    templateId: uuid("template_id")
      .notNull()
      .references(() => templates.id, { onDelete: "cascade" }),
    fromStatus: text("from_status", { enum: templateStatuses }),
    toStatus: text("to_status", { enum: templateStatuses }).notNull(),
    reason: text("reason"),
    actorType: text("actor_type").notNull(),
    actorId: text("actor_id"),
    createdAt: createdAtColumn(),
  },
  (t) => [index("template_status_history_idx").on(t.businessId, t.templateId, t.createdAt)],
);

/**
 * Usage counters, incremented by the messaging pipeline. A table of its own so hot counter
 * updates do not rewrite (and bloat) the template rows. A template's counts are the sum of up
 * to USAGE_SLOTS rows (`slot`, chosen by the writing connection): status transactions of one
 * campaign all count the same template, and one row would make each wait for the last to commit.
 */
export const templateUsage = pgTable(
  "template_usage",
  {
    templateId: uuid("template_id")
      .notNull()
      .references(() => templates.id, { onDelete: "cascade" }),
    slot: smallint("slot").notNull().default(0),
    businessId: businessIdColumn(),
    sent: integer("sent").notNull().default(0),
    delivered: integer("delivered").notNull().default(0),
    read: integer("read").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.templateId, t.slot] }),
    index("template_usage_business_idx").on(t.businessId),
  ],
);
