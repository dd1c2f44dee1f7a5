import { TZDate } from "@date-fns/tz";
import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { cachedCampaignCost } from "./cached-campaign-cost";

/** Campaigns priced at most (the most recent of the month); the rest are counted, not priced. */
export const MONTH_CAMPAIGNS_PRICED = 100;

export type MonthCampaignCost = {
  /** The month's first instant in the business's time zone. */
  monthStart: Date;
  /** Per currency of the rate card (one, unless the card was changed during the month). */
  totals: { currency: string; total: number }[];
  /** Chatapp campaigns created this month, and how many of them were priced. */
  campaigns: number;
  priced: number;
  /** Delivered messages charged (free ones excluded). */
  messages: number;
};

/**
 * What this month's campaigns cost so far (docs/economics.md, "Cost"): the chatapp campaigns
 * created since the first of the month in the business's time zone, each priced as its page
 * prices it (the rate card, or Meta's reported category), through the per-delivered-count
 * cache, so a finished campaign is priced once per instance.
 */
export async function monthCampaignCost(
  ctx: Ctx,
  businessId: string,
  timeZone: string,
  now = new Date(),
): Promise<MonthCampaignCost> {
  const zoned = new TZDate(now.getTime(), timeZone);
  const monthStart = new Date(new TZDate(zoned.getFullYear(), zoned.getMonth(), 1, timeZone).getTime());
  const rows = await rawQuery<{ id: string; delivered: number; total: number }>(
    ctx.db,
    `SELECT p.id, coalesce(sum(c.delivered + c.read), 0)::int AS delivered, count(*) OVER ()::int AS total
     FROM promotions p LEFT JOIN promotion_counters c ON c.business_id = p.business_id AND c.promotion_id = p.id
     WHERE p.business_id = $1 AND p.channel_type = 'chatapp' AND p.created_at >= $2
     GROUP BY p.id ORDER BY p.id DESC LIMIT $3`,
    [businessId, monthStart, MONTH_CAMPAIGNS_PRICED],
  );
  const totals = new Map<string, number>();
  let messages = 0;
  for (const r of rows) {
    if (r.delivered === 0) continue;
    const cost = await cachedCampaignCost(ctx, businessId, r.id, r.delivered);
    if (!cost) continue;
    totals.set(cost.currency, (totals.get(cost.currency) ?? 0) + cost.total);
    messages += cost.messages;
  }
  return {
    monthStart,
    totals: [...totals].map(([currency, total]) => ({ currency, total })),
    campaigns: rows[0]?.total ?? 0,
    priced: rows.length,
    messages,
  };
}
