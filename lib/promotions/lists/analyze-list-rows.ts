import type { Executor } from "../../db";
import { rawQuery } from "../../db/sql";

/** Rows from which a list (or a launch's recipients) refreshes its planner statistics itself. */
export const ANALYZE_FROM = 10_000;

/**
 * A large list changes target_list_rows more than its planner statistics know: a join of its
 * rows with opt_outs (the dry run, a launch's INSERT ... SELECT) then took a nested loop, one
 * index probe per row (~1 s per million), instead of hashing the business's opt-outs. Refreshes
 * the key columns' statistics when the list has ANALYZE_FROM rows or more.
 */
export async function analyzeListRows(executor: Executor, rows: number): Promise<void> {
  if (rows >= ANALYZE_FROM)
    await rawQuery(executor, "ANALYZE target_list_rows (list_id, business_id, phone)");
}
