import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";

type Campaign = { id: string; startedAt: Date; attributionWindow: number };

/**
 * What the campaign report's numbers (its A/B arms and its clicks) are read from, in one short
 * statement that moves whenever any of them can: the campaign's counters, summed over its
 * rounds (sends, statuses and replies: the arms' delivered, read and replied, and the tracked
 * links made at send); its clicks (link_clicks of the campaign, an index-only count); its
 * attributed conversions; and the business's conversions in the campaign's window (the
 * holdout's, never attributed). Each an index range or the counters rows, never a scan of the
 * campaign's recipients or links.
 */
export async function campaignReportMark(ctx: Ctx, businessId: string, c: Campaign): Promise<string> {
  const [row] = await rawQuery<{ mark: string }>(
    ctx.db,
    `SELECT concat_ws(':', c.attempted, c.sent, c.delivered, c.read, c.failed, c.interacted, c.optout,
              (SELECT count(*) FROM link_clicks WHERE business_id = $2 AND promotion_id = $1),
              (SELECT count(*) FROM conversions WHERE business_id = $2 AND promotion_id = $1),
              (SELECT count(*) FROM conversions WHERE business_id = $2
                 AND occurred_at >= $3 AND occurred_at < $3 + make_interval(hours => $4))) AS mark
     FROM (SELECT sum(attempted) AS attempted, sum(sent) AS sent, sum(delivered) AS delivered,
                  sum(read) AS read, sum(failed) AS failed, sum(interacted) AS interacted, sum(optout) AS optout
           FROM promotion_counters WHERE promotion_id = $1 AND business_id = $2) c`,
    [c.id, businessId, c.startedAt, c.attributionWindow],
  );
  return row!.mark;
}
