import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { cellAtSql } from "../lists/list-cells";
import { valuePosition } from "../lists/list-columns";
import { REJECTS_SHOWN, type RejectedRow } from "../lists/schemas";

/**
 * The first refused rows of a launch, by row number: the list's own rejects (invalid phone,
 * duplicate, ...) and the rows left out for a missing variable value. Bounded: all of them are
 * counted, REJECTS_SHOWN are listed.
 */
export async function launchRejects(
  ctx: Ctx,
  input: { businessId: string; list: { id: string; columns: string[] }; columns: string[] },
): Promise<RejectedRow[]> {
  const rows = await rawQuery<{ row_number: number; reason: string }>(
    ctx.db,
    `(SELECT row_number, reason FROM target_list_rejects
       WHERE list_id = $1 AND business_id = $2 ORDER BY row_number LIMIT $4)
     UNION ALL
     (SELECT r.row_number, 'missing variable value: ' || string_agg(c.name, ', ') AS reason
       FROM target_list_rows r CROSS JOIN unnest($3::text[], $5::int[]) AS c(name, pos)
       WHERE r.list_id = $1 AND r.business_id = $2 AND c.name <> 'phone'
         AND coalesce(${cellAtSql("r", "c.pos")}, '') = ''
       GROUP BY r.row_number ORDER BY r.row_number LIMIT $4)
     ORDER BY row_number LIMIT $4`,
    [
      input.list.id,
      input.businessId,
      input.columns,
      REJECTS_SHOWN,
      input.columns.map((c) => valuePosition(input.list.columns, c)),
    ],
  );
  return rows.map((r) => ({ rowNumber: r.row_number, reason: r.reason }));
}
