import { and, count, countDistinct, desc, eq, gt } from "drizzle-orm";
import { businesses, callbackDeliveries, promotions, templates } from "@/db/schema";
import type { Ctx } from "../context";
import { notFound } from "../errors";
import { monthCampaignCost } from "../economics/cost/month-campaign-cost";
import { getMessageOverview } from "./get-message-overview";
import type { Overview } from "./schemas";

/**
 * Everything the overview page shows, each number from a counter table or an indexed,
 * business-scoped query (bench/overview.ts measures it with 1,000,000 messages).
 */
export async function getOverview(ctx: Ctx, businessId: string, now?: Date): Promise<Overview> {
  const [biz] = await ctx.db
    .select({ timeZone: businesses.timeZone })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  if (!biz) throw notFound("Business");
  const [messages, [failing], [pending], active, campaignCost] = await Promise.all([
    getMessageOverview(ctx, businessId, { timeZone: biz.timeZone, now }),
    // Pending deliveries are few (callback_deliveries_status_idx): the ones that failed at
    // least once are failing now and wait for their next retry.
    ctx.db
      .select({ deliveries: count(), endpoints: countDistinct(callbackDeliveries.endpointId) })
      .from(callbackDeliveries)
      .where(
        and(
          eq(callbackDeliveries.businessId, businessId),
          eq(callbackDeliveries.status, "pending"),
          gt(callbackDeliveries.attempts, 0),
        ),
      ),
    ctx.db
      .select({ n: count() })
      .from(templates)
      .where(and(eq(templates.businessId, businessId), eq(templates.status, "PENDING"))),
    ctx.db
      .select({ id: promotions.id, name: promotions.name, kind: promotions.kind })
      .from(promotions)
      .where(and(eq(promotions.businessId, businessId), eq(promotions.status, "Active")))
      .orderBy(desc(promotions.id))
      .limit(50),
    monthCampaignCost(ctx, businessId, biz.timeZone, now),
  ]);
  return {
    messages,
    callbacksFailing: { deliveries: failing?.deliveries ?? 0, endpoints: failing?.endpoints ?? 0 },
    templatesPending: pending?.n ?? 0,
    campaigns: { total: active.length, active: active.slice(0, 5) },
    campaignCost,
  };
}
