import type { Ctx } from "../../context";
import { notFound } from "../../errors";
import { isUuid } from "../../ids";
import { rawQuery } from "../../db/sql";
import { findPromotion, type ChannelFilter } from "../engine/find-promotion";

const KEYS = ["attempted", "failed", "sent", "delivered", "read", "interacted", "optout"] as const;
type Counters = Record<(typeof KEYS)[number], number>;
export type PromotionStats = Counters & {
  /** An A/B test's holdout (round 0's counter): recipients never sent, apart from every other count. */
  holdout: number;
  statsReport: Array<Counters & { promotionRetryNumber: number }>;
};

/**
 * E4, from the counters rows (one per round; never a COUNT over recipients): `statsReport`
 * has each round as it was counted. The totals count each recipient once, under its latest
 * outcome: every recipient of round r+1 failed in round r, so `attempted` is round 0's and
 * `failed` drops the failures that were retried. `holdout` (an A/B test's, never sent) is in
 * none of the seven: a campaign's recipients = attempted + optout + holdout.
 */
export async function getPromotionStats(
  ctx: Ctx,
  businessId: string,
  promotionId: string,
  channel?: ChannelFilter,
): Promise<PromotionStats> {
  // One round trip: the counters with their promotion's channel (a handed-over promotion
  // always has its round 0 row); the promotion alone is looked up only when there is none.
  const rows = isUuid(promotionId)
    ? await rawQuery<Counters & { round: number; holdout: number; channel_type: string }>(
        ctx.db,
        `SELECT c.round, ${KEYS.map((k) => `c.${k}`).join(", ")}, c.holdout, p.channel_type FROM promotion_counters c
         JOIN promotions p ON p.id = c.promotion_id AND p.business_id = c.business_id
         WHERE c.promotion_id = $1 AND c.business_id = $2 ORDER BY c.round`,
        [promotionId, businessId],
      )
    : [];
  if (rows.length === 0) await findPromotion(ctx, businessId, promotionId, channel);
  else if (channel && rows[0]!.channel_type !== channel) throw notFound("Promotion");
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
    holdout: rows.reduce((n, r) => n + r.holdout, 0),
    statsReport: rows.map((r) => ({
      ...Object.fromEntries(KEYS.map((k) => [k, r[k]])),
      promotionRetryNumber: r.round,
    })) as PromotionStats["statsReport"],
  };
}
