import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";

export type CampaignBatch = {
  id: string;
  createdAt: Date;
  templateName: string | null;
  state: "checking" | "ready";
  total: number;
  doCapability: boolean;
  rcsCount: number | null;
  nonRcsCount: number | null;
  /** Non-RCS numbers sent the chatapp fallback instead (every one of them when a fallback is set). */
  fallbackSends: number;
};

/** Batches shown at most, newest first. */
export const BATCHES_SHOWN = 100;

/**
 * An RCS campaign's batches (C2), newest first, with their capability results. A checked
 * batch with a fallback (its own or the campaign's) sends every non-RCS number through it, so
 * the fallback count is read off the batch row, not counted over recipients.
 */
export async function listCampaignBatches(
  ctx: Ctx,
  businessId: string,
  promotionId: string,
): Promise<{ batches: CampaignBatch[]; total: number }> {
  const [batches, count] = await Promise.all([
    rawQuery<CampaignBatch>(
      ctx.db,
      `SELECT b.id, b.created_at AS "createdAt", t.name AS "templateName", b.state, b.total,
         b.do_capability AS "doCapability", b.rcs_count AS "rcsCount", b.non_rcs_count AS "nonRcsCount",
         CASE WHEN b.state = 'ready' AND coalesce(b.fallback, p.fallback) IS NOT NULL
           THEN coalesce(b.non_rcs_count, 0) ELSE 0 END::int AS "fallbackSends"
       FROM promotion_batches b
       JOIN promotions p ON p.id = b.promotion_id AND p.business_id = b.business_id
       LEFT JOIN templates t ON t.id = b.template_id AND t.business_id = b.business_id
       WHERE b.business_id = $1 AND b.promotion_id = $2
       ORDER BY b.id DESC LIMIT ${BATCHES_SHOWN}`,
      [businessId, promotionId],
    ),
    rawQuery<{ n: number }>(
      ctx.db,
      `SELECT count(*)::int AS n FROM promotion_batches WHERE business_id = $1 AND promotion_id = $2`,
      [businessId, promotionId],
    ),
  ]);
  return { batches, total: count[0]!.n };
}
