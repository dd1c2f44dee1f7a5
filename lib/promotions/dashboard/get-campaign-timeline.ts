import type { messageStatuses } from "@/db/schema";
import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";

export type TimelineStatus = (typeof messageStatuses)[number];
export type TimelinePoint = { minute: Date } & Record<TimelineStatus, number>;

/** Minutes shown at most: the campaign's latest ones. */
export const TIMELINE_MINUTES = 180;

const STATUSES: TimelineStatus[] = ["attempted", "accepted", "sent", "delivered", "read", "failed", "error"];

/**
 * Messages of the campaign per minute of creation, each under its current status, for the
 * last TIMELINE_MINUTES minutes in which it sent (messages_business_transaction_idx: the
 * campaign's messages only). Minutes without messages inside the span are filled with zeros.
 */
export async function getCampaignTimeline(
  ctx: Ctx,
  businessId: string,
  promotionId: string,
): Promise<TimelinePoint[]> {
  const rows = await rawQuery<{ minute: Date; status: TimelineStatus; n: number }>(
    ctx.db,
    `WITH m AS (
       SELECT created_at, status FROM messages WHERE business_id = $1 AND transaction_id = $2),
     last AS (SELECT max(created_at) AS at FROM m)
     SELECT date_trunc('minute', m.created_at) AS minute, m.status, count(*)::int AS n
     FROM m, last WHERE m.created_at > last.at - make_interval(mins => $3)
     GROUP BY 1, 2 ORDER BY 1`,
    [businessId, promotionId, TIMELINE_MINUTES],
  );
  if (rows.length === 0) return [];
  const byMinute = new Map<number, TimelinePoint>();
  const first = new Date(rows[0]!.minute).getTime();
  const last = new Date(rows[rows.length - 1]!.minute).getTime();
  for (let t = first; t <= last; t += 60_000) {
    byMinute.set(t, {
      minute: new Date(t),
      ...Object.fromEntries(STATUSES.map((s) => [s, 0])),
    } as TimelinePoint);
  }
  for (const r of rows) byMinute.get(new Date(r.minute).getTime())![r.status] = r.n;
  return [...byMinute.values()];
}
