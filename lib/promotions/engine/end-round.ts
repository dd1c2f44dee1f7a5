import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import type { PromotionRow } from "../promotion-record";
import { assertMove } from "../state-machine";
import { promotionsConfig, retryableCodes } from "./config";
import { bumpCounters } from "./send-promotion-chunk";

/**
 * Ends the promotion's current round (nothing of it pending or queued). With retries left,
 * the recipients that failed with a retryable code (PROMOTIONS_RETRYABLE_CODES) go back to
 * pending in the next round, which starts after PROMOTIONS_RETRY_DELAY_SECONDS with its own
 * counters row; otherwise the promotion is Completed. Runs in the transaction holding the
 * promotion row. Returns what happened.
 */
export async function endRound(tx: Ctx, p: PromotionRow): Promise<"retry" | "completed"> {
  if (p.retryPromotion && p.retriesLeft > 0) {
    const next = p.currentRound + 1;
    const moved = await rawQuery<{ n: number }>(
      tx.db,
      `WITH m AS (
         UPDATE promotion_recipients SET state = 'pending', round = $3, message_id = NULL, updated_at = now()
         WHERE promotion_id = $1 AND business_id = $2 AND round = $4 AND state = 'failed'
           AND error_code = ANY($5::text[])
         RETURNING 1)
       SELECT count(*)::int AS n FROM m`,
      [p.id, p.businessId, next, p.currentRound, retryableCodes()],
    );
    if (moved[0]!.n > 0) {
      await rawQuery(
        tx.db,
        `UPDATE promotions SET current_round = $2, retries_left = retries_left - 1, paced_until = NULL, round_drained_at = NULL,
           next_run_at = now() + make_interval(secs => $3), updated_at = now()
         WHERE id = $1`,
        [p.id, next, promotionsConfig().PROMOTIONS_RETRY_DELAY_SECONDS],
      );
      await bumpCounters(tx, p, next, {});
      return "retry";
    }
  }
  assertMove(p.status, "Completed");
  await rawQuery(
    tx.db,
    `UPDATE promotions SET status = 'Completed', next_run_at = NULL, updated_at = now() WHERE id = $1`,
    [p.id],
  );
  return "completed";
}
