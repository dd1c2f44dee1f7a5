import type { Ctx } from "../../context";
import { campaignCost } from "./campaign-cost";

/** Campaigns whose cost is kept (the most recently asked). */
const KEPT = 1_000;
type Cost = Awaited<ReturnType<typeof campaignCost>>;
const kept = new Map<string, { delivered: number; cost: Cost }>();

/**
 * A campaign's cost for a reader that polls (E4): the cost changes only when a message is
 * delivered, so it is priced again only when the campaign's delivered count (its counters,
 * which the caller has just read) differs from the one it was priced at. A finished campaign is
 * priced once per instance, however often it is polled.
 */
export async function cachedCampaignCost(
  ctx: Ctx,
  businessId: string,
  promotionId: string,
  delivered: number,
): Promise<Cost> {
  const key = `${businessId}:${promotionId}`;
  const hit = kept.get(key);
  if (hit && hit.delivered === delivered) {
    kept.delete(key);
    kept.set(key, hit);
    return hit.cost;
  }
  const cost = await campaignCost(ctx, businessId, promotionId);
  kept.delete(key);
  kept.set(key, { delivered, cost });
  if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  return cost;
}
