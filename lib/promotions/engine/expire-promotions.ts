import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";

/**
 * Expires every promotion whose promotionEndTime has passed while it was still to run
 * (Preparing, Scheduled, Active, Stopped): status Expired, and its recipients never sent end
 * as `expired` (not failed), those kept for an A/B test's winner too. Messages already
 * created finish normally. Returns the ids.
 */
export async function expirePromotions(ctx: Ctx): Promise<string[]> {
  const rows = await rawQuery<{ id: string }>(
    ctx.db,
    `WITH e AS (
       UPDATE promotions SET status = 'Expired', next_run_at = NULL,
         status_reason = coalesce(status_reason, 'promotionEndTime passed'), updated_at = now()
       WHERE status IN ('Preparing', 'Scheduled', 'Active', 'Stopped') AND promotion_end_time <= now()
       RETURNING id, business_id),
     r AS (
       UPDATE promotion_recipients pr SET state = 'expired', updated_at = now()
       FROM e WHERE pr.promotion_id = e.id AND pr.business_id = e.business_id AND pr.state IN ('pending', 'held')
       RETURNING 1)
     SELECT id FROM e`,
    [],
  );
  return rows.map((r) => r.id);
}
