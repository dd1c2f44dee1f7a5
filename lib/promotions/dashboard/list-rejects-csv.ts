import type { RowOf } from "../../db/row-of";
import type { targetLists } from "@/db/schema";
import type { Ctx } from "../../context";
import { notFound } from "../../errors";
import { isUuid } from "../../ids";
import { rawQuery } from "../../db/sql";

/**
 * The download name of a list's refused rows (`<list name>-refused-rows.csv`); a 404 for an id
 * that is not one of the business's named lists. The rows themselves: streamListRejects.
 */
export async function refusedRowsFileName(ctx: Ctx, businessId: string, listId: string): Promise<string> {
  const [row] = isUuid(listId)
    ? await rawQuery<Pick<RowOf<typeof targetLists>, "name">>(
        ctx.db,
        "SELECT name FROM target_lists WHERE business_id = $1 AND id = $2 AND left(name, 1) <> chr(1)",
        [businessId, listId],
      )
    : [];
  if (!row) throw notFound("List");
  return `${row.name.replace(/[^\w.-]+/g, "_").slice(0, 80) || "list"}-refused-rows.csv`;
}
