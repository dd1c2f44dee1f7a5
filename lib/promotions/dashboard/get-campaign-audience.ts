import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";

/**
 * Where every row of a campaign's list went: rows = refused + optedOut + holdout + toSend
 * (holdout: an A/B test's, never sent; 0 without one).
 */
export type CampaignAudience = {
  rows: number;
  refused: number;
  optedOut: number;
  holdout: number;
  toSend: number;
};

/**
 * The launch's account of the list (the wizard's dry run, after the fact), from the list's
 * stored counts, the round-0 counters and the recipients left out as opted out at launch (one
 * range of promotion_recipients_state_idx; E4's `optout` also counts later STOP replies).
 * null for an RCS campaign (its recipients come in batches), or while a large list is still
 * being prepared.
 */
export async function getCampaignAudience(
  ctx: Ctx,
  businessId: string,
  promotionId: string,
): Promise<CampaignAudience | null> {
  const [row] = await rawQuery<{ rows: number; refused: number; optout: number; holdout: number }>(
    ctx.db,
    `SELECT (l.row_count + l.rejected_count)::int AS rows, c.refused, c.holdout,
       (SELECT count(*)::int FROM promotion_recipients r
         WHERE r.promotion_id = p.id AND r.business_id = p.business_id AND r.state = 'optout') AS optout
     FROM promotions p
     JOIN target_lists l ON l.id = p.target_list_id AND l.business_id = p.business_id
     JOIN promotion_counters c ON c.promotion_id = p.id AND c.round = 0
     WHERE p.id = $1 AND p.business_id = $2 AND p.kind = 'promotion'`,
    [promotionId, businessId],
  );
  if (!row) return null;
  return {
    rows: row.rows,
    refused: row.refused,
    optedOut: row.optout,
    holdout: row.holdout,
    toSend: row.rows - row.refused - row.optout - row.holdout,
  };
}
