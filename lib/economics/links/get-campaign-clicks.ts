import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { findPromotion } from "../../promotions/engine/find-promotion";

export type ClickHour = {
  /** The hour's start, epoch seconds (UTC). */
  hour: number;
  clicks: number;
  uniqueClickers: number;
  previews: number;
  bots: number;
};

export type CampaignClicks = {
  promotionId: string;
  trackClicks: boolean;
  /** Tracked links made for the campaign's messages, and the recipients they went to. */
  links: number;
  recipientsWithLinks: number;
  /** Recipients (by phone) with at least one human click: repeated clicks count once. */
  uniqueClickers: number;
  /** Human clicks, every one. */
  clicks: number;
  /** uniqueClickers / recipientsWithLinks (0 when no link went out). */
  clickRate: number;
  /** Link-preview fetches and bot requests: counted apart, never clicks. */
  previews: number;
  bots: number;
  /** Per hour with any request, oldest first; uniqueClickers per hour counts a phone once in that hour. */
  hourly: ClickHour[];
};

/**
 * A campaign's clicks (docs/economics.md, "Clicks"): what its recipients' tracked links
 * received, humans apart from previews and bots. Read from the campaign's counters, kept as the
 * clicks are written (promotion_arm_counters summed over its arms, promotion_click_hours): a
 * click still in a redirect's queue (a second or so, longer while the database was away) counts
 * once written. Another business's campaign is 404.
 */
export async function getCampaignClicks(
  ctx: Ctx,
  businessId: string,
  promotionId: string,
): Promise<CampaignClicks> {
  return readCampaignClicks(ctx, businessId, await findPromotion(ctx, businessId, promotionId, undefined));
}

/** getCampaignClicks for a campaign its caller has already found (the campaign page). */
export async function readCampaignClicks(
  ctx: Ctx,
  businessId: string,
  p: { id: string; trackClicks: boolean },
): Promise<CampaignClicks> {
  // A number is in one arm, so the arms' clickers and recipients with links add up.
  const [[totals], hourly] = await Promise.all([
    rawQuery<{
      clicks: number;
      unique_clickers: number;
      previews: number;
      bots: number;
      links: number;
      recipients: number;
    }>(
      ctx.db,
      `SELECT coalesce(sum(clicks), 0)::int AS clicks, coalesce(sum(clicked), 0)::int AS unique_clickers,
              coalesce(sum(previews), 0)::int AS previews, coalesce(sum(bots), 0)::int AS bots,
              coalesce(sum(links), 0)::int AS links, coalesce(sum(linked), 0)::int AS recipients
       FROM promotion_arm_counters WHERE business_id = $1 AND promotion_id = $2`,
      [businessId, p.id],
    ),
    rawQuery<ClickHour>(
      ctx.db,
      `SELECT extract(epoch FROM hour)::bigint AS hour, clicks, clickers AS "uniqueClickers", previews, bots
       FROM promotion_click_hours WHERE business_id = $1 AND promotion_id = $2
       ORDER BY promotion_click_hours.hour`,
      [businessId, p.id],
    ),
  ]);
  const recipientsWithLinks = totals?.recipients ?? 0;
  const uniqueClickers = totals?.unique_clickers ?? 0;
  return {
    promotionId: p.id,
    trackClicks: p.trackClicks,
    links: totals?.links ?? 0,
    recipientsWithLinks,
    uniqueClickers,
    clicks: totals?.clicks ?? 0,
    clickRate: recipientsWithLinks > 0 ? uniqueClickers / recipientsWithLinks : 0,
    previews: totals?.previews ?? 0,
    bots: totals?.bots ?? 0,
    hourly: hourly.map((h) => ({ ...h, hour: Number(h.hour) })),
  };
}
