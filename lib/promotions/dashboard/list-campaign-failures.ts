import type { RowOf } from "../../db/row-of";
import type { promotionRecipients } from "@/db/schema";
import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { failureReason } from "../../messages/status/error-reasons";

export type CampaignFailure = {
  errorCode: string;
  /** What the code means (the one table of reasons), else the provider's own words. */
  reason: string;
  count: number;
  /** Whether a retry round sends these again (PROMOTIONS_RETRYABLE_CODES). */
  retryable: boolean;
};

/**
 * A campaign's recipients whose latest attempt failed, grouped by error code, most frequent
 * first: the failed ones and those waiting for a retry round (a recipient sent again has its
 * code cleared). Counted in `promotion_recipients_error_idx` alone (an index-only range of the
 * campaign, no row read: 80,000 failures of a 1,000,000-recipient campaign stay cheap; the
 * tenancy check is one probe of the promotion). The provider's words are read only for codes
 * the table of reasons does not know, one row each.
 */
export async function listCampaignFailures(
  ctx: Ctx,
  businessId: string,
  promotionId: string,
  retryable: readonly string[],
): Promise<CampaignFailure[]> {
  const rows = await rawQuery<{ code: string; n: number }>(
    ctx.db,
    `SELECT error_code AS code, count(*)::int AS n FROM promotion_recipients
     WHERE promotion_id = $1 AND error_code IS NOT NULL
       AND EXISTS (SELECT 1 FROM promotions WHERE id = $1 AND business_id = $2)
     GROUP BY 1 ORDER BY n DESC, code LIMIT 50`,
    [promotionId, businessId],
  );
  return Promise.all(
    rows.map(async (r) => {
      const known = failureReason(r.code, null);
      const sample = known.startsWith("Unknown error code")
        ? (
            await rawQuery<Pick<RowOf<typeof promotionRecipients>, "error">>(
              ctx.db,
              `SELECT error FROM promotion_recipients WHERE promotion_id = $1 AND business_id = $2
               AND error_code = $3 LIMIT 1`,
              [promotionId, businessId, r.code],
            )
          )[0]?.error
        : null;
      return {
        errorCode: r.code,
        reason: failureReason(r.code, sample),
        count: r.n,
        retryable: retryable.includes(r.code),
      };
    }),
  );
}
