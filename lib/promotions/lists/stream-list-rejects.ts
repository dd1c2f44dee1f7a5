import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { notFound } from "../../errors";
import { missingReasonSql, missingValueSql } from "../launch/missing-values-sql";
import { describeVariable, type VariableCell } from "../launch/variable-columns";
import { csvLine } from "@/lib/csv/csv-line";

const PAGE = 5_000;

/**
 * The refused rows of a list as CSV lines (header first: row, phone, reason), page by page on
 * the row number, so a list with 1M rejects streams in flat memory: the list's own rejects and,
 * given the variables of a message (`vars`), its rows with an empty cell in a column a
 * variable takes its value from, the variable and column named in the reason. Cells are
 * escaped against spreadsheet formulas (lib/csv/csv-line.ts): the phone cell is whatever the file held.
 */
export async function* streamListRejects(
  ctx: Ctx,
  businessId: string,
  listId: string,
  vars: readonly VariableCell[] = [],
): AsyncGenerator<string> {
  const [list] = await rawQuery(ctx.db, "SELECT 1 FROM target_lists WHERE id = $1 AND business_id = $2", [
    listId,
    businessId,
  ]);
  if (!list) throw notFound("List");
  yield csvLine(["row", "phone", "reason"]);
  const missingRows = vars.length
    ? `UNION ALL
       (SELECT r.row_number, r.phone, ${missingReasonSql("r", vars, "$5::text[]")} FROM target_list_rows r
        WHERE r.list_id = $1 AND r.business_id = $2 AND r.row_number > $3 AND ${missingValueSql("r", vars)}
        ORDER BY r.row_number LIMIT $4)`
    : "";
  const rejects = `SELECT row_number, phone, reason FROM target_list_rejects
     WHERE list_id = $1 AND business_id = $2 AND row_number > $3 ORDER BY row_number LIMIT $4`;
  const sql = missingRows ? `(${rejects}) ${missingRows} ORDER BY row_number LIMIT $4` : rejects;
  let after = 0;
  for (;;) {
    const params: unknown[] = [listId, businessId, after, PAGE];
    if (vars.length) params.push(vars.map(describeVariable));
    const rows = await rawQuery<{ row_number: number; phone: string | null; reason: string }>(
      ctx.db,
      sql,
      params,
    );
    if (rows.length === 0) return;
    yield rows.map((r) => csvLine([r.row_number, r.phone, r.reason])).join("");
    after = rows[rows.length - 1]!.row_number;
    if (rows.length < PAGE) return;
  }
}
