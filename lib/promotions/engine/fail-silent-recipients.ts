import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import type { PromotionRow } from "../promotion-record";
import { promotionsConfig } from "./config";
import { bumpCounters } from "./send-promotion-chunk";

/** The error code of a recipient whose message was never reported sent or failed. */
export const ROUND_TIMEOUT_CODE = "round_timeout";

/**
 * A round that has nothing left to send waits for its messages' statuses; a message never
 * reported (provider silent, dispatch lost) must not hold the promotion forever. Once the round
 * has been drained (`drainedAt`: every message of it was created before) for
 * PROMOTIONS_ROUND_TIMEOUT_SECONDS, its recipients still `queued` become `failed` with
 * ROUND_TIMEOUT_CODE and the round's counters count them, so the round can end. A status that
 * arrives later is ignored (the status listener moves queued and sent recipients only).
 * In the transaction holding the promotion row. Returns false while the timeout runs.
 */
export async function failSilentRecipients(tx: Ctx, p: PromotionRow, drainedAt: Date): Promise<boolean> {
  const timeout = promotionsConfig().PROMOTIONS_ROUND_TIMEOUT_SECONDS;
  if (Date.now() - drainedAt.getTime() < timeout * 1000) return false;
  const [failed] = await rawQuery<{ n: number }>(
    tx.db,
    `WITH f AS (
       UPDATE promotion_recipients SET state = 'failed', error_code = $4, error = $5, updated_at = now()
       WHERE promotion_id = $1 AND business_id = $2 AND round = $3 AND state = 'queued'
       RETURNING 1)
     SELECT count(*)::int AS n FROM f`,
    [
      p.id,
      p.businessId,
      p.currentRound,
      ROUND_TIMEOUT_CODE,
      `No sent or failed status was reported for the message within ${timeout} seconds (PROMOTIONS_ROUND_TIMEOUT_SECONDS)`,
    ],
  );
  if (failed!.n > 0) await bumpCounters(tx, p, p.currentRound, { failed: failed!.n });
  return true;
}
