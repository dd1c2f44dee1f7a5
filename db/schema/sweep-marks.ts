import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { updatedAtColumn } from "./columns";

/**
 * How far a sweeper that reads a table in time order has looked: everything before `mark` was
 * seen settled (lib/jobs/sweep-marks.ts). Lets a sweeper find stranded rows without an index
 * on a column their hot-path updates change (those updates stay HOT).
 */
export const sweepMarks = pgTable("sweep_marks", {
  name: text("name").primaryKey(),
  mark: timestamp("mark", { withTimezone: true }).notNull(),
  updatedAt: updatedAtColumn(),
});
