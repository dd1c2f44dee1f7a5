import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { notFound } from "../../errors";
import { DUPLICATE_REASON } from "./check-list-row";

/** What a launch on the list would do, before anything is sent (the wizard's dry run). */
export type DryRunTotals = {
  /** Data rows of the file (valid + invalid + duplicates). */
  rows: number;
  valid: number;
  invalid: number;
  duplicates: number;
  /** Valid rows whose number is on the business's opt-out list: never sent. */
  optedOut: number;
};

/**
 * The totals of a stored list: its valid rows, its rejects split into duplicates (a number seen
 * earlier in the file) and invalid rows (every other reason), and how many valid numbers are
 * opted out. Counted in the database (a 1M-row list is never read here).
 */
export async function listDryRun(ctx: Ctx, businessId: string, listId: string): Promise<DryRunTotals> {
  const [row] = await rawQuery<{ valid: number; invalid: number; duplicates: number; opted_out: number }>(
    ctx.db,
    `SELECT l.row_count AS valid,
       (SELECT count(*)::int FROM target_list_rejects r
         WHERE r.list_id = l.id AND r.business_id = l.business_id AND r.reason <> $3) AS invalid,
       (SELECT count(*)::int FROM target_list_rejects r
         WHERE r.list_id = l.id AND r.business_id = l.business_id AND r.reason = $3) AS duplicates,
       (SELECT count(*)::int FROM target_list_rows t JOIN opt_outs o
          ON o.business_id = t.business_id AND o.phone = t.phone
         WHERE t.list_id = l.id AND t.business_id = l.business_id) AS opted_out
     FROM target_lists l WHERE l.id = $1 AND l.business_id = $2`,
    [listId, businessId, DUPLICATE_REASON],
  );
  if (!row) throw notFound("List");
  return {
    rows: row.valid + row.invalid + row.duplicates,
    valid: row.valid,
    invalid: row.invalid,
    duplicates: row.duplicates,
    optedOut: row.opted_out,
  };
}
