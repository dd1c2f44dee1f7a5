import { timestamp, uuid } from "drizzle-orm/pg-core";
import { businesses } from "./businesses";

// The columns most tables repeat, written once (architecture.md rule 5: every table of business
// data has business_id; rule 7: timestamps are timestamptz). Each call makes a new column.

/** `business_id`, required, deleted with its business. */
export const businessIdColumn = () =>
  uuid("business_id")
    .notNull()
    .references(() => businesses.id, { onDelete: "cascade" });

/** `created_at`, set by the database when the row is written. */
export const createdAtColumn = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** `updated_at`, starting as the row is written. */
export const updatedAtColumn = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
