import type { RowOf } from "../../db/row-of";
import type { promotions } from "@/db/schema";
import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { notFound } from "../../errors";
import { isUuid } from "../../ids";
import { getPromotionStats } from "../../promotions/reports/get-promotion-stats";
import type { CampaignConversionsDoc } from "./schemas";

/**
 * What a campaign earned: its attributed conversions, the numbers that converted, the rate
 * against the recipients whose message went out, and revenue per currency (in total and per
 * message sent). Read from the conversions' campaign index and the campaign's counters rows.
 */
export async function campaignConversions(
  ctx: Ctx,
  businessId: string,
  campaignId: string,
): Promise<CampaignConversionsDoc> {
  if (!isUuid(campaignId)) throw notFound("Campaign");
  const [campaign] = await rawQuery<Pick<RowOf<typeof promotions>, "attribution_window">>(
    ctx.db,
    `SELECT attribution_window FROM promotions WHERE business_id = $1 AND id = $2`,
    [businessId, campaignId],
  );
  if (!campaign) throw notFound("Campaign");
  // Messages that went out, from the counters (as the campaign's reach counts them): no COUNT
  // over a million recipients.
  const stats = await getPromotionStats(ctx, businessId, campaignId);
  const sent = stats.sent + stats.delivered + stats.read;
  const rows = await rawQuery<{
    total: boolean;
    currency: string | null;
    n: number;
    converters: number;
    value: string | null;
  }>(
    ctx.db,
    `SELECT grouping(currency) = 1 AS total, currency, count(*)::int AS n, count(DISTINCT coalesce(phone, subscriber_id))::int AS converters,
            sum(value)::text AS value
     FROM conversions WHERE business_id = $1 AND promotion_id = $2
     GROUP BY GROUPING SETS ((currency), ())`,
    [businessId, campaignId],
  );
  // The grouping set () is the total row (its currency NULL like a value-less group's).
  const groups = rows.filter((r) => !r.total);
  const total = rows.find((r) => r.total) ?? { n: 0, converters: 0 };
  return {
    campaignId,
    attributionWindowHours: campaign.attribution_window,
    messagesSent: sent,
    conversions: total.n,
    converters: total.converters,
    conversionRate: sent === 0 ? 0 : total.converters / sent,
    revenue: groups
      .filter(
        (g): g is typeof g & { currency: string; value: string } => g.currency !== null && g.value !== null,
      )
      .map((g) => ({
        currency: g.currency,
        value: Number(g.value),
        perMessageSent: sent === 0 ? 0 : Number(g.value) / sent,
      }))
      .sort((a, b) => b.value - a.value),
  };
}
