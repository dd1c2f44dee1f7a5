import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { findList, type TargetList } from "./find-list";
import { cellsArraySql } from "./list-cells";
import { listDryRun, type DryRunTotals } from "./list-dry-run";
import type { ListSummary } from "./schemas";

/** How many rows the wizard shows of a list. */
export const PREVIEW_ROWS = 10;

export type ListPreview = {
  list: ListSummary;
  /** The first rows, keyed by the list's columns as uploaded (cells by lower-cased key). */
  rows: Record<string, string>[];
  totals: DryRunTotals;
};

/** A stored list of the business by name: its columns, first rows and dry-run totals. */
export async function previewList(ctx: Ctx, businessId: string, name: unknown): Promise<ListPreview> {
  return previewOfList(ctx, businessId, await findList(ctx, businessId, name));
}

/** A list's columns, first rows and dry-run totals (a stored list, or a segment's snapshot). */
export async function previewOfList(ctx: Ctx, businessId: string, list: TargetList): Promise<ListPreview> {
  const stored = await rawQuery<{ vals: string[] }>(
    ctx.db,
    `SELECT ${cellsArraySql("r")} AS vals FROM target_list_rows r WHERE list_id = $1 AND business_id = $2
     ORDER BY row_number LIMIT $3`,
    [list.id, businessId, PREVIEW_ROWS],
  );
  const rows = stored.map(({ vals }) => Object.fromEntries(list.columns.map((c, i) => [c, vals[i] ?? ""])));
  return {
    list: {
      id: list.id,
      name: list.name,
      columns: list.columns,
      phoneColumn: list.phoneColumn,
      rowCount: list.rowCount,
      rejectedCount: list.rejectedCount,
    },
    rows,
    totals: await listDryRun(ctx, businessId, list.id),
  };
}
