import { z } from "zod";
import { inTransaction, type Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { toFullPromotionRecord, type FullPromotionRecord } from "../promotion-record";
import { assertMove } from "../state-machine";
import { findPromotion, type ChannelFilter } from "./find-promotion";

export const updatePromotionStatusInput = z.object({
  type: z.literal("status"),
  /** Stopped: stop (resumable); Cancelled: only in preparation; Active: resume a Stopped one. */
  status: z.enum(["Stopped", "Cancelled", "Active"]),
});
export type UpdatePromotionStatusInput = z.input<typeof updatePromotionStatusInput>;

/**
 * E5. The move is checked by the state machine (a refused one is a 400 saying why). Stopped:
 * no new sends from now on (the scheduler's step holds the row, so this waits for a step in
 * progress and then wins); messages already created finish. Cancelled (Preparing or
 * Scheduled): final, its pending recipients end `cancelled`. Active: resumes a Stopped
 * promotion where it stopped (pending recipients of its round; none is sent twice, none
 * skipped), not before its schedule time. Asking for the status it already has changes
 * nothing and answers the record. Answers the full promotion record.
 */
export async function updatePromotionStatus(
  ctx: Ctx,
  businessId: string,
  promotionId: string,
  raw: UpdatePromotionStatusInput,
  channel?: ChannelFilter,
): Promise<FullPromotionRecord> {
  const input = updatePromotionStatusInput.parse(raw);
  return inTransaction(ctx, async (tx) => {
    const p = await findPromotion(tx, businessId, promotionId, channel, { forUpdate: true });
    if (p.status === input.status) return toFullPromotionRecord(p);
    assertMove(p.status, input.status);
    if (input.status === "Cancelled") {
      await rawQuery(
        tx.db,
        `UPDATE promotion_recipients SET state = 'cancelled', updated_at = now()
         WHERE promotion_id = $1 AND business_id = $2 AND state IN ('pending', 'held')`,
        [p.id, businessId],
      );
    }
    const set =
      input.status === "Active"
        ? `status = 'Active', next_run_at = greatest(now(), coalesce(schedule_time, now())),
           most_recent_start_time = now(), paced_until = NULL, status_reason = NULL`
        : `status = '${input.status}', next_run_at = NULL, paced_until = NULL, status_reason = NULL`;
    await rawQuery(
      tx.db,
      `UPDATE promotions SET ${set}, updated_at = now() WHERE id = $1 AND business_id = $2`,
      [p.id, businessId],
    );
    return toFullPromotionRecord(await findPromotion(tx, businessId, promotionId, channel));
  });
}
