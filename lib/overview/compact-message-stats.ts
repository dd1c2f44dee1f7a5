import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";

/**
 * Folds a business's message_stats deltas into one row per key, in one statement. Deltas that
 * other transactions have not committed yet are invisible to the DELETE and stay; a concurrent
 * compaction skips rows this one already deleted; so no count is lost or doubled.
 */
export async function compactMessageStats(ctx: Ctx, businessId: string): Promise<void> {
  await rawQuery(
    ctx.db,
    `WITH d AS (DELETE FROM message_stats WHERE business_id = $1 RETURNING *)
     INSERT INTO message_stats (business_id, bucket, status, error_code, count)
     SELECT business_id, bucket, status, error_code, sum(count) FROM d
     GROUP BY 1, 2, 3, 4 HAVING sum(count) <> 0`,
    [businessId],
  );
}
