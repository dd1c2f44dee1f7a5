import type { Ctx } from "../../context";
import { notFound } from "../../errors";
import { isUuid } from "../../ids";
import { dropList } from "../lists/drop-list";

/**
 * Deletes one of the business's lists with its rows and refused rows. A list promotions were
 * launched on is only hidden (retired) while they exist: they read their values from its rows.
 */
export async function deleteTargetList(
  ctx: Ctx,
  businessId: string,
  listId: string,
): Promise<{ name: string }> {
  const row = isUuid(listId) ? await dropList(ctx.db, { businessId, id: listId }) : undefined;
  if (!row) throw notFound("List");
  return row;
}
