import { inTransaction, type Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { invalid } from "../../errors";
import type { PromotionRow } from "../promotion-record";
import { findPromotion } from "./find-promotion";

/** A retry round waiting out PROMOTIONS_RETRY_DELAY_SECONDS: its recipients and due time. */
export type RetryWait = { recipients: number; dueAt: Date };

/**
 * The retry round the promotion is waiting to start, if any: Active, in a round after the
 * first, due later than now, and none of that round's recipients sent yet (endRound moved the
 * retryable failures back to `pending` in it; the pending index holds exactly them).
 */
export async function findRetryWait(ctx: Ctx, p: PromotionRow): Promise<RetryWait | null> {
  if (p.status !== "Active" || p.currentRound === 0 || !p.nextRunAt || p.nextRunAt.getTime() <= Date.now())
    return null;
  const [r] = await rawQuery<{ pending: number; sent: boolean }>(
    ctx.db,
    `SELECT (SELECT count(*)::int FROM promotion_recipients
              WHERE promotion_id = $1 AND business_id = $2 AND round = $3 AND state = 'pending') AS pending,
            EXISTS (SELECT 1 FROM promotion_sends WHERE promotion_id = $1 AND round = $3) AS sent`,
    [p.id, p.businessId, p.currentRound],
  );
  return r && r.pending > 0 && !r.sent ? { recipients: r.pending, dueAt: p.nextRunAt } : null;
}

/** Why there is no retry round to start now, in words the business can act on. */
function refusal(p: PromotionRow): string {
  if (!p.retryPromotion) return "Retries are off for this campaign (it was launched without retryPromotion)";
  if (p.retriesLeft === 0) return `No retries left: all ${p.maxRetries} retry rounds (maxRetries) were used`;
  if (p.status !== "Active") return `Only an Active campaign can retry now; this one is ${p.status}`;
  return "Nothing to retry now: no failed recipient with a retryable code is waiting for a retry round (failures are retried when the current round ends)";
}

/**
 * "Retry failed now": starts the waiting retry round at once instead of after
 * PROMOTIONS_RETRY_DELAY_SECONDS. The round itself was made by the engine (endRound: the
 * failures with a retryable code, retriesLeft and the round's counters), so this only brings
 * its due time forward; the scheduler's next tick sends it exactly as it would have later.
 * A 400 saying why when there is none (retries off, none left, round still sending, not
 * Active). Holds the promotion row, as E5 does. Answers the recipients the round will send.
 */
export async function retryFailedNow(
  ctx: Ctx,
  businessId: string,
  promotionId: string,
): Promise<{ recipients: number; round: number }> {
  return inTransaction(ctx, async (tx) => {
    const p = await findPromotion(tx, businessId, promotionId, undefined, { forUpdate: true });
    const wait = await findRetryWait(tx, p);
    if (!wait) {
      const message = refusal(p);
      throw invalid(message, [{ path: "promotionId", message }]);
    }
    await rawQuery(
      tx.db,
      `UPDATE promotions SET next_run_at = now(), paced_until = NULL, updated_at = now()
       WHERE id = $1 AND business_id = $2`,
      [p.id, businessId],
    );
    return { recipients: wait.recipients, round: p.currentRound };
  });
}
