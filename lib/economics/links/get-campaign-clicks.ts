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
 * received, humans apart from previews and bots. Reads link_clicks as written: a click still
 * in a redirect's queue (a second or so, longer while the database was away) counts once
 * written. Another business's campaign is 404.
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
  // The totals' distinct numbers are a grouping of their own (hashed, or read in phone order
  // from the campaign's index: 0.65-1.1 s instead of 2.1 s for 900,000 links on the bench
  // machine), not count(DISTINCT ...), which sorts every row it counts (on disk past work_mem).
  // The three statements run side by side.
  const [[totals], [links], hourly] = await Promise.all([
    rawQuery<{ clicks: number; unique_clickers: number; previews: number; bots: number }>(
      ctx.db,
      `SELECT coalesce(sum(n) FILTER (WHERE agent_class = 'human'), 0)::int AS clicks,
              count(*) FILTER (WHERE agent_class = 'human')::int AS unique_clickers,
              coalesce(sum(n) FILTER (WHERE agent_class = 'preview'), 0)::int AS previews,
              coalesce(sum(n) FILTER (WHERE agent_class = 'bot'), 0)::int AS bots
       FROM (SELECT agent_class, phone, count(*) AS n FROM link_clicks
             WHERE business_id = $1 AND promotion_id = $2 GROUP BY 1, 2) g`,
      [businessId, p.id],
    ),
    rawQuery<{ links: number; recipients: number }>(
      ctx.db,
      `SELECT coalesce(sum(n), 0)::int AS links, count(*)::int AS recipients
       FROM (SELECT phone, count(*) AS n FROM tracked_links
             WHERE business_id = $1 AND promotion_id = $2 GROUP BY phone) g`,
      [businessId, p.id],
    ),
    rawQuery<ClickHour>(
      ctx.db,
      `SELECT extract(epoch FROM date_trunc('hour', clicked_at))::bigint AS hour,
              count(*) FILTER (WHERE agent_class = 'human')::int AS "clicks",
              count(DISTINCT phone) FILTER (WHERE agent_class = 'human')::int AS "uniqueClickers",
              count(*) FILTER (WHERE agent_class = 'preview')::int AS "previews",
              count(*) FILTER (WHERE agent_class = 'bot')::int AS "bots"
       FROM link_clicks WHERE business_id = $1 AND promotion_id = $2
       GROUP BY 1 ORDER BY 1`,
      [businessId, p.id],
    ),
  ]);
  const recipientsWithLinks = links?.recipients ?? 0;
  const uniqueClickers = totals?.unique_clickers ?? 0;
  return {
    promotionId: p.id,
    trackClicks: p.trackClicks,
    links: links?.links ?? 0,
    recipientsWithLinks,
    uniqueClickers,
    clicks: totals?.clicks ?? 0,
    clickRate: recipientsWithLinks > 0 ? uniqueClickers / recipientsWithLinks : 0,
    previews: totals?.previews ?? 0,
    bots: totals?.bots ?? 0,
    hourly: hourly.map((h) => ({ ...h, hour: Number(h.hour) })),
  };
}
