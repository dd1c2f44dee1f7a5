import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { priceNumbers, pricedCategory, type CostByCard } from "./price-numbers";

/**
 * What a campaign's messages cost: Meta charges a template message when it is delivered, so the
 * recipients priced are those delivered or read, grouped by their number's first four digits.
 * Where Meta's status said what it billed (messages.billable, pricing_category), that holds: a
 * free message costs nothing and a billed one is priced at the category Meta named; the rest
 * at the template's category. Null for a campaign whose template has no priced category (RCS:
 * its price is the carrier's agreement).
 */
export async function campaignCost(
  ctx: Ctx,
  businessId: string,
  promotionId: string,
): Promise<(CostByCard & { free: number; reported: number }) | null> {
  const [p] = await rawQuery<{ category: string | null }>(
    ctx.db,
    `SELECT template->>'category' AS category FROM promotions
     WHERE business_id = $1 AND id = $2 AND channel_type = 'chatapp'`,
    [businessId, promotionId],
  );
  const category = pricedCategory(p?.category);
  if (!category) return null;
  const groups = await rawQuery<{
    sample: string;
    billed: string | null;
    n: number;
    free: number;
    reported: number;
  }>(
    ctx.db,
    `SELECT min(r.phone) AS sample, m.pricing_category AS billed,
            count(*) FILTER (WHERE m.billable IS NOT FALSE)::int AS n,
            count(*) FILTER (WHERE m.billable IS FALSE)::int AS free,
            count(*) FILTER (WHERE m.billable)::int AS reported
     FROM promotion_recipients r
     LEFT JOIN messages m ON m.business_id = r.business_id AND m.id = r.message_id
     WHERE r.promotion_id = $1 AND r.business_id = $2 AND r.state IN ('delivered', 'read')
     GROUP BY left(r.phone, 4), m.pricing_category`,
    [promotionId, businessId],
  );
  const cost = priceNumbers(
    groups.map((g) => ({ sample: g.sample, n: g.n, category: pricedCategory(g.billed) })),
    category,
  );
  return {
    ...cost,
    free: groups.reduce((sum, g) => sum + g.free, 0),
    reported: groups.reduce((sum, g) => sum + g.reported, 0),
  };
}
