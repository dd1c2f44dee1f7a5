import { doublePrecision, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { businessIdColumn, createdAtColumn } from "./columns";

/** API keys: only the SHA-256 of the key is stored; `prefix` is what lists show. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey(),
    businessId: businessIdColumn(),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    hash: text("hash").notNull().unique(),
    createdBy: uuid("created_by"),
    createdAt: createdAtColumn(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** Requests per second set by the operator; null = API_RATE_LIMIT, 0 = no limit. */
    rateLimit: integer("rate_limit"),
    /** Bucket size set by the operator; null = API_RATE_BURST (default rate) or twice the key's rate. */
    rateBurst: integer("rate_burst"),
  },
  (t) => [index("api_keys_business_idx").on(t.businessId, t.createdAt)],
);

/**
 * The shared token bucket of each rate-limited key (docs/decisions/api-rate-limit.md). Apart
 * from api_keys because every instance updates it several times a second under load, and the
 * key rows (with their unique hash index) should not churn with it. Not business data: the
 * key id is its only reference, and it goes with the key.
 */
export const apiKeyRateBuckets = pgTable("api_key_rate_buckets", {
  keyId: uuid("key_id")
    .primaryKey()
    .references(() => apiKeys.id, { onDelete: "cascade" }),
  /** Tokens left at updated_at (fractional: refilled by elapsed time). */
  tokens: doublePrecision("tokens").notNull(),
  /** Tokens handed out by the last lease; RETURNING reads it, since it cannot see the old row. */
  granted: integer("granted").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});
