import type { RowOf } from "../../db/row-of";
import type { targetListRejects } from "@/db/schema";
import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { REJECTS_SHOWN, type RejectedRow } from "./schemas";

/** The first REJECTS_SHOWN refused rows of a list (invalid phone, duplicate, ...), by row number. */
export async function listRejects(ctx: Ctx, businessId: string, listId: string): Promise<RejectedRow[]> {
  const rows = await rawQuery<Pick<RowOf<typeof targetListRejects>, "row_number" | "reason">>(
    ctx.db,
    `SELECT row_number, reason FROM target_list_rejects WHERE list_id = $1 AND business_id = $2
     ORDER BY row_number LIMIT $3`,
    [listId, businessId, REJECTS_SHOWN],
  );
  return rows.map((r) => ({ rowNumber: r.row_number, reason: r.reason }));
}
