import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";

/**
 * SQL, true for a campaign that is a marketing send: every RCS campaign (its templates have no
 * category) and a chatapp campaign whose template is MARKETING; a UTILITY or AUTHENTICATION
 * template's campaign is not (docs/audiences.md, Consent). `channel` and `category` are SQL
 * expressions.
 */
export const marketingCampaignSql = (channel: string, category: string): string =>
  `(${channel} = 'rcs' OR upper(coalesce(${category}, '')) = 'MARKETING')`;

/**
 * Whether the launch of this promotion must refuse numbers without a marketing opt-in: the
 * business requires one and the campaign is a marketing send.
 */
export async function campaignRequiresConsent(
  ctx: Ctx,
  promotionId: string,
  businessId: string,
): Promise<boolean> {
  const [row] = await rawQuery<{ required: boolean }>(
    ctx.db,
    `SELECT b.require_marketing_opt_in AND ${marketingCampaignSql("p.channel_type", "p.template->>'category'")} AS required
     FROM promotions p JOIN businesses b ON b.id = p.business_id
     WHERE p.id = $1 AND p.business_id = $2`,
    [promotionId, businessId],
  );
  return row?.required ?? false;
}
