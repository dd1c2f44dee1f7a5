import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";

/**
 * Folds a promotion's promotion_minute_stats deltas into one row per (minute, status), in one
 * statement (as compactMessageStats does for the overview): deltas of transactions not yet
 * committed are invisible to the DELETE and stay, so no count is lost or doubled.
 */
export async function compactMinuteStats(ctx: Ctx, businessId: string, promotionId: string): Promise<void> {
  await rawQuery(
    ctx.db,
    `WITH d AS (DELETE FROM promotion_minute_stats WHERE promotion_id = $1 AND business_id = $2 RETURNING *)
     INSERT INTO promotion_minute_stats (promotion_id, business_id, minute, status, count)
     SELECT promotion_id, business_id, minute, status, sum(count) FROM d
     GROUP BY 1, 2, 3, 4 HAVING sum(count) <> 0`,
    [promotionId, businessId],
  );
}
