import type { Executor } from "../../db/pool";
import { rawQuery } from "../../db/sql";
import { listRowsTable } from "./list-rows-table";

/** Rows from which a list (or a launch's recipients) refreshes its planner statistics itself. */
export const ANALYZE_FROM = 10_000;

/**
 * A new list's table has no planner statistics until autovacuum's ANALYZE: a join of its rows
 * with opt_outs (the dry run, a launch's INSERT ... SELECT) then took a nested loop, one index
 * probe per row (~1 s per million), instead of hashing the business's opt-outs. Gathers the
 * statistics of the list's own table (list-rows-table.ts) when it has ANALYZE_FROM rows or more.
 */
export async function analyzeListRows(executor: Executor, listId: string, rows: number): Promise<void> {
  if (rows >= ANALYZE_FROM) await rawQuery(executor, `ANALYZE ${listRowsTable(listId)} (phone)`);
}
