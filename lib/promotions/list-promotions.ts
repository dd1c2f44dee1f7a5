import { and, count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { promotions } from "@/db/schema";
import { channelName } from "../businesses/channel-name";
import type { Ctx } from "../context";
import { toPromotionRecord, type PromotionRecord } from "./promotion-record";

/** E2 query: `channel=rcs` for RCS (else chatapp); `page` from 0, `size` 1-100 (default 20). */
export const listPromotionsQuery = z.object({
  channel: channelName().default("chatapp"),
  page: z.coerce.number().int().min(0, "Pages start at 0").max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export type ListPromotionsQuery = z.infer<typeof listPromotionsQuery>;

/**
 * E2: the business's promotions of one channel, newest first (ids are UUIDv7, so id order is
 * creation order; promotions_business_created_idx serves both the page and the count).
 */
export async function listPromotions(
  ctx: Ctx,
  businessId: string,
  query: ListPromotionsQuery,
): Promise<{ promotions: PromotionRecord[]; totalItems: number }> {
  const where = and(eq(promotions.businessId, businessId), eq(promotions.channelType, query.channel));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(promotions)
      .where(where)
      .orderBy(desc(promotions.id))
      .limit(query.size)
      .offset(query.page * query.size),
    ctx.db.select({ n: count() }).from(promotions).where(where),
  ]);
  return { promotions: rows.map(toPromotionRecord), totalItems: total?.n ?? 0 };
}
