import type { Ctx } from "../../context";
import { notFound } from "../../errors";
import { isUuid } from "../../ids";
import { rawQuery } from "../../db/sql";

/**
 * Deletes one of the business's lists with its rows and refused rows (they cascade). Promotions
 * launched on it keep their recipients: those were copied at launch.
 */
export async function deleteTargetList(
  ctx: Ctx,
  businessId: string,
  listId: string,
): Promise<{ name: string }> {
  const [row] = isUuid(listId)
    ? await rawQuery<{ name: string }>(
        ctx.db,
        "DELETE FROM target_lists WHERE business_id = $1 AND id = $2 AND left(name, 1) <> chr(1) RETURNING name",
        [businessId, listId],
      )
    : [];
  if (!row) throw notFound("List");
  return row;
}
