import { timestamp, uuid } from "drizzle-orm/pg-core";
import { businesses } from "./businesses";

// The columns most tables repeat, written once (architecture.md rule 5: every table of business
// data has business_id; rule 7: timestamps are timestamptz). Each call makes a new column.

/** `business_id`, required, deleted with its business. */
export const businessIdColumn = () =>
  uuid("business_id")
    .notNull()
    .references(() => businesses.id, { onDelete: "cascade" });

/** A `timestamptz` column: an instant, never a wall time without its zone (rule 7). */
export const timestamptz = <N extends string>(name: N) => timestamp(name, { withTimezone: true });

/** `created_at`, set by the database when the row is written. */
export const createdAtColumn = () => timestamptz("created_at").notNull().defaultNow();

/** `updated_at`, starting as the row is written. */
export const updatedAtColumn = () => timestamptz("updated_at").notNull().defaultNow();
