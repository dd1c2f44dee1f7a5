import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { REJECTS_SHOWN, type RejectedRow } from "../lists/schemas";
import { missingReasonSql, missingValueSql } from "./missing-values-sql";
import { describeVariable, type VariableCell } from "./variable-columns";

/**
 * The first refused rows of a launch, by row number: the list's own rejects (invalid phone,
 * duplicate, ...) and the rows left out for an empty cell of a column a variable takes its
 * value from (the reason names the variable and the column). Bounded: all of them are
 * counted, REJECTS_SHOWN are listed.
 */
export async function launchRejects(
  ctx: Ctx,
  input: { businessId: string; listId: string; vars: readonly VariableCell[]; limit?: number },
): Promise<RejectedRow[]> {
  const rows = await rawQuery<{ row_number: number; reason: string }>(
    ctx.db,
    `(SELECT row_number, reason FROM target_list_rejects
       WHERE list_id = $1 AND business_id = $2 ORDER BY row_number LIMIT $3)
     UNION ALL
     (SELECT r.row_number, ${missingReasonSql("r", input.vars, "$4::text[]")} AS reason
       FROM target_list_rows r
       WHERE r.list_id = $1 AND r.business_id = $2 AND ${missingValueSql("r", input.vars)}
       ORDER BY r.row_number LIMIT $3)
     ORDER BY row_number LIMIT $3`,
    [input.listId, input.businessId, input.limit ?? REJECTS_SHOWN, input.vars.map(describeVariable)],
  );
  return rows.map((r) => ({ rowNumber: r.row_number, reason: r.reason }));
}
