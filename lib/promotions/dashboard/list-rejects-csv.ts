import type { Ctx } from "../../context";
import { notFound } from "../../errors";
import { isUuid } from "../../ids";
import { rawQuery } from "../../db/sql";
import { csvLine } from "../reports/csv-cell";

const PAGE = 2_000;

/** The list's name, for the download's file name; a 404 for another business's list. */
export async function findListName(ctx: Ctx, businessId: string, listId: string): Promise<string> {
  const [row] = isUuid(listId)
    ? await rawQuery<{ name: string }>(
        ctx.db,
        "SELECT name FROM target_lists WHERE business_id = $1 AND id = $2 AND left(name, 1) <> chr(1)",
        [businessId, listId],
      )
    : [];
  if (!row) throw notFound("List");
  return row.name;
}

/**
 * A list's refused rows as CSV lines (row, phone, reason), read a page at a time in row order
 * so a list with a million refused rows streams in flat memory.
 */
export async function* listRejectsCsv(ctx: Ctx, businessId: string, listId: string): AsyncGenerator<string> {
  yield "row,phone,reason\r\n";
  let after = 0;
  for (;;) {
    const rows = await rawQuery<{ row_number: number; phone: string | null; reason: string }>(
      ctx.db,
      `SELECT row_number, phone, reason FROM target_list_rejects
       WHERE business_id = $1 AND list_id = $2 AND row_number > $3 ORDER BY row_number LIMIT ${PAGE}`,
      [businessId, listId, after],
    );
    if (rows.length === 0) return;
    yield rows.map((r) => csvLine([r.row_number, r.phone, r.reason])).join("");
    after = rows[rows.length - 1]!.row_number;
  }
}
