import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { priceNumbers, pricedCategory, type CostByCard, type NumberGroup } from "./price-numbers";

/**
 * What a campaign's messages cost by the rate card: Meta charges a template message when it is
 * delivered, so the recipients priced are those delivered or read, grouped by their number's
 * first four digits (one pass over the campaign's recipients by its primary key). Null for a
 * campaign whose template has no priced category (RCS: its price is the carrier's agreement).
 */
export async function campaignCost(
  ctx: Ctx,
  businessId: string,
  promotionId: string,
): Promise<CostByCard | null> {
  const [p] = await rawQuery<{ category: string | null }>(
    ctx.db,
    `SELECT template->>'category' AS category FROM promotions
     WHERE business_id = $1 AND id = $2 AND channel_type = 'chatapp'`,
    [businessId, promotionId],
  );
  const category = pricedCategory(p?.category);
  if (!category) return null;
  const groups = await rawQuery<NumberGroup>(
    ctx.db,
    `SELECT min(phone) AS sample, count(*)::int AS n FROM promotion_recipients
     WHERE promotion_id = $1 AND business_id = $2 AND state IN ('delivered', 'read')
     GROUP BY left(phone, 4)`,
    [promotionId, businessId],
  );
  return priceNumbers(groups, category);
}
