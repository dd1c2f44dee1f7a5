import { bigint, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { businessIdColumn } from "./columns";

/**
 * Message counts per business, quarter hour of creation, current status and error code, for the
 * overview page: it must not scan `messages` (1,000,000 rows and more). Rows are DELTAS
 * (+n, -n), appended by statement-level triggers on `messages` in the same transaction as the
 * insert or the status move (migration `message_stats_triggers`), so every writer (send, bulk,
 * dispatch, status events, promotions) keeps them right without taking a shared row lock.
 * `compactMessageStats` folds a business's deltas into one row per key from time to time.
 * Quarter-hour buckets let the page cut "today" at any business time zone (India is +5:30,
 * Nepal +5:45).
 */
export const messageStats = pgTable(
  "message_stats",
  {
    businessId: businessIdColumn(),
    bucket: timestamp("bucket", { withTimezone: true }).notNull(),
    status: text("status").notNull(),
    /** '' when the message has none. */
    errorCode: text("error_code").notNull().default(""),
    count: bigint("count", { mode: "number" }).notNull(),
  },
  (t) => [index("message_stats_business_bucket_idx").on(t.businessId, t.bucket)],
);
