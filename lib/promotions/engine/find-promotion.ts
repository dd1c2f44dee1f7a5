import { and, eq } from "drizzle-orm";
import { promotions } from "@/db/schema";
import type { Ctx } from "../../context";
import { notFound } from "../../errors";
import { isUuid } from "../../ids";
import type { PromotionRow } from "../promotion-record";

/** `?channel=` of E3, E4, E5: `rcs` asks for an RCS promotion; absent means either channel. */
export type ChannelFilter = "rcs" | "chatapp" | undefined;

/**
 * The business's promotion, or 404 (another business's promotion id is just unknown here).
 * With `forUpdate` the row is locked for the caller's transaction.
 */
export async function findPromotion(
  ctx: Ctx,
  businessId: string,
  promotionId: string,
  channel: ChannelFilter,
  opts: { forUpdate?: boolean } = {},
): Promise<PromotionRow> {
  if (!isUuid(promotionId)) throw notFound("Promotion");
  const q = ctx.db
    .select()
    .from(promotions)
    .where(and(eq(promotions.businessId, businessId), eq(promotions.id, promotionId)));
  const [row] = opts.forUpdate ? await q.for("update") : await q;
  if (!row || (channel && row.channelType !== channel)) throw notFound("Promotion");
  return row;
}
