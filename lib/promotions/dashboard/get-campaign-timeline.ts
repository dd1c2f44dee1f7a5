import type { messageStatuses } from "@/db/schema";
import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { compactMinuteStats } from "./compact-minute-stats";

export type TimelineStatus = (typeof messageStatuses)[number];
export type TimelinePoint = { minute: Date } & Record<TimelineStatus, number>;

/** Minutes shown at most: the campaign's latest ones. */
export const TIMELINE_MINUTES = 180;

/** Delta rows past one per (minute, status) before a read folds them (a write, rarely). */
const COMPACT_AFTER = 2_000;

const STATUSES: TimelineStatus[] = ["attempted", "accepted", "sent", "delivered", "read", "failed", "error"];

/**
 * Messages of the campaign per minute of creation, each under its current status, for the
 * last TIMELINE_MINUTES minutes in which it sent. Read from the promotion's counters
 * (promotion_minute_stats, kept by triggers on `messages`), never from its messages: the same
 * time for 1,000 messages as for 1,000,000. Minutes without messages inside the span are
 * filled with zeros.
 */
export async function getCampaignTimeline(
  ctx: Ctx,
  businessId: string,
  promotionId: string,
): Promise<TimelinePoint[]> {
  const rows = await rawQuery<{ minute: Date; status: TimelineStatus; n: string; parts: string }>(
    ctx.db,
    `WITH s AS (
       SELECT minute, status, sum(count) AS n, count(*) AS parts FROM promotion_minute_stats
       WHERE promotion_id = $1 AND business_id = $2 GROUP BY 1, 2),
     last AS (SELECT max(minute) AS at FROM s WHERE n <> 0)
     SELECT s.minute, s.status, s.n, s.parts FROM s, last
     WHERE s.minute > last.at - make_interval(mins => $3) ORDER BY 1`,
    [promotionId, businessId, TIMELINE_MINUTES],
  );
  const deltas = rows.reduce((a, r) => a + Number(r.parts) - 1, 0);
  if (deltas > COMPACT_AFTER) await compactMinuteStats(ctx, businessId, promotionId);
  const counted = rows.filter((r) => Number(r.n) !== 0 && STATUSES.includes(r.status));
  if (counted.length === 0) return [];
  const byMinute = new Map<number, TimelinePoint>();
  const first = new Date(counted[0]!.minute).getTime();
  const last = new Date(counted[counted.length - 1]!.minute).getTime();
  for (let t = first; t <= last; t += 60_000) {
    byMinute.set(t, {
      minute: new Date(t),
      ...Object.fromEntries(STATUSES.map((s) => [s, 0])),
    } as TimelinePoint);
  }
  for (const r of counted) byMinute.get(new Date(r.minute).getTime())![r.status] = Number(r.n);
  return [...byMinute.values()];
}
