import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import type { ConversionRow } from "./conversion-row";

/** attributionWindow's largest value (hours): a holdout's window starts at most this long before. */
const LONGEST_WINDOW_HOURS = 8_760;

/**
 * Counts a conversion just stored in the A/B arms it belongs to (docs/economics.md, "The
 * variants report"), in the caller's transaction, once per stored event id:
 * - the arm of its campaign's recipient with its number (attributed: a variant's, or the rest's);
 * - the holdout of each of the business's tests whose window (start_time to attributionWindow
 *   hours later) holds its occurredAt, when its number is in that holdout (never sent, so never
 *   attributed: counted by number and window, whatever the conversion was attributed to).
 * Each such arm counts one conversion and its value in its currency, and the recipient as
 * converted the first time (promotion_recipients.converted, set under the row's lock, so two
 * conversions at once count it once). A test that had not started when the conversion was
 * stored has no window yet: a conversion recorded before the start is not its holdout's.
 */
export async function creditConversionArms(tx: Ctx, c: ConversionRow): Promise<void> {
  if (c.phone === null) return;
  await rawQuery(
    tx.db,
    `WITH hit AS (
       SELECT r.promotion_id, r.seq, r.arm, r.converted FROM promotion_recipients r
       WHERE r.business_id = $1 AND r.phone = $3 AND r.arm IS NOT NULL
         AND r.promotion_id = ANY(array_remove(ARRAY[$2::uuid], NULL) || ARRAY(
           SELECT p.id FROM promotions p
           WHERE p.business_id = $1 AND p.ab_test IS NOT NULL
             AND p.start_time <= $4 AND p.start_time > $4 - make_interval(hours => ${LONGEST_WINDOW_HOURS})
             AND $4 < p.start_time + make_interval(hours => p.attribution_window)
             AND (p.ab_test->>'holdoutPercent')::int > 0))
         AND (r.promotion_id = $2 OR (r.arm = 0 AND r.state = 'holdout'))
       ORDER BY r.promotion_id, r.seq FOR UPDATE),
     flagged AS (
       UPDATE promotion_recipients r SET converted = true FROM hit
       WHERE r.promotion_id = hit.promotion_id AND r.seq = hit.seq AND NOT hit.converted)
     UPDATE promotion_arm_counters a SET conversions = a.conversions + 1,
       converted = a.converted + (NOT h.converted)::int,
       revenue = CASE WHEN $5::text IS NULL OR $6::numeric IS NULL THEN a.revenue
                      ELSE a.revenue || jsonb_build_object($5::text, coalesce((a.revenue->>$5::text)::numeric, 0) + $6::numeric) END
     FROM hit h WHERE a.promotion_id = h.promotion_id AND a.arm = h.arm`,
    [c.business_id, c.promotion_id, c.phone, c.occurred_at, c.currency, c.value],
  );
}
