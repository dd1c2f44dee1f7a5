import type { Ctx } from "../../context";
import { rawQuery } from "../../jobs/raw-sql";
import { findPromotion, type ChannelFilter } from "../engine/find-promotion";

const KEYS = ["attempted", "failed", "sent", "delivered", "read", "interacted", "optout"] as const;
type Counters = Record<(typeof KEYS)[number], number>;
export type PromotionStats = Counters & { statsReport: Array<Counters & { promotionRetryNumber: number }> };

/**
 * E4, from the counters rows (one per round; never a COUNT over recipients): `statsReport`
 * has each round as it was counted. The totals count each recipient once, under its latest
 * outcome: every recipient of round r+1 failed in round r, so `attempted` is round 0's and
 * `failed` drops the failures that were retried.
 */
export async function getPromotionStats(
  ctx: Ctx,
  businessId: string,
  promotionId: string,
  channel?: ChannelFilter,
): Promise<PromotionStats> {
  await findPromotion(ctx, businessId, promotionId, channel);
  const rows = await rawQuery<Counters & { round: number }>(
    ctx.db,
    `SELECT round, ${KEYS.join(", ")} FROM promotion_counters WHERE promotion_id = $1 AND business_id = $2 ORDER BY round`,
    [promotionId, businessId],
  );
  const total: Counters = {
    attempted: 0,
    failed: 0,
    sent: 0,
    delivered: 0,
    read: 0,
    interacted: 0,
    optout: 0,
  };
  for (const r of rows) {
    for (const k of KEYS) if (k !== "attempted") total[k] += r[k];
    if (r.round === 0) total.attempted = r.attempted;
    else total.failed -= r.attempted;
  }
  return {
    ...total,
    statsReport: rows.map((r) => ({
      ...Object.fromEntries(KEYS.map((k) => [k, r[k]])),
      promotionRetryNumber: r.round,
    })) as PromotionStats["statsReport"],
  };
}
