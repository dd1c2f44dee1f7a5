import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { failureReason } from "../../overview/error-reasons";

export type CampaignFailure = {
  errorCode: string;
  /** What the code means (the one table of reasons), else the provider's own words. */
  reason: string;
  count: number;
  /** Whether a retry round sends these again (PROMOTIONS_RETRYABLE_CODES). */
  retryable: boolean;
};

/**
 * A campaign's failed recipients grouped by error code, most frequent first (the
 * `promotion_recipients_error_idx` range of the campaign, not its whole recipient list).
 */
export async function listCampaignFailures(
  ctx: Ctx,
  businessId: string,
  promotionId: string,
  retryable: readonly string[],
): Promise<CampaignFailure[]> {
  const rows = await rawQuery<{ code: string; n: number; sample: string | null }>(
    ctx.db,
    `SELECT coalesce(error_code, '') AS code, count(*)::int AS n, min(error) AS sample
     FROM promotion_recipients
     WHERE promotion_id = $1 AND business_id = $2 AND state = 'failed'
     GROUP BY 1 ORDER BY n DESC, code LIMIT 50`,
    [promotionId, businessId],
  );
  return rows.map((r) => {
    const reason = failureReason(r.code, r.sample);
    return { errorCode: r.code, reason, count: r.n, retryable: retryable.includes(r.code) };
  });
}
