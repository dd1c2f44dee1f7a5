import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";
import type { MessageStatus } from "../messages/schemas";
import { compactMessageStats } from "./compact-message-stats";
import { errorReason } from "../messages/status/error-reasons";
import {
  ratesOf,
  zeroCounts,
  type DayCounts,
  type FailureCount,
  type MessageOverview,
  type StatusCounts,
} from "./schemas";

type Row = { day: string; status: string; error_code: string; n: string; parts: string; keys: string };

const STATUSES = new Set<string>(Object.keys(zeroCounts()));
/** Fold a business's deltas once the window has this many more rows than keys they sum to. */
const COMPACT_AFTER = 2_000;

/**
 * The last 30 days of the business's messages by day (its time zone), status and error code,
 * summed from the message_stats deltas (a few thousand rows at most, read by its index) instead
 * of counting `messages`. Days are cut at the business's midnight.
 */
export async function getMessageOverview(
  ctx: Ctx,
  businessId: string,
  input: { timeZone: string; now?: Date },
): Promise<MessageOverview> {
  const now = input.now ?? new Date();
  const tz = input.timeZone;
  const [rows, [starts]] = await Promise.all([
    rawQuery<Row>(
      ctx.db,
      // Inner: one row per key (quarter hour, status, code) with how many delta rows it has;
      // outer: per day of the business's time zone, formatted only once per group.
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, status, error_code, sum(n)::text AS n,
         sum(parts)::text AS parts, count(*)::text AS keys
       FROM (
         SELECT (bucket AT TIME ZONE $2)::date AS day, status, error_code, sum(count) AS n, count(*) AS parts
         FROM message_stats
         WHERE business_id = $1
           AND bucket >= (date_trunc('day', $3::timestamptz AT TIME ZONE $2) - interval '29 days') AT TIME ZONE $2
           AND bucket < (date_trunc('day', $3::timestamptz AT TIME ZONE $2) + interval '1 day') AT TIME ZONE $2
         GROUP BY bucket, status, error_code
       ) k
       GROUP BY k.day, status, error_code`,
      [businessId, tz, now],
    ),
    // Where "today", "7 days" and "30 days" start, for the links to the filtered Messages page.
    rawQuery<{ today: Date; last7: Date; last30: Date }>(
      ctx.db,
      `SELECT date_trunc('day', $2::timestamptz AT TIME ZONE $1) AT TIME ZONE $1 AS today,
         (date_trunc('day', $2::timestamptz AT TIME ZONE $1) - interval '6 days') AT TIME ZONE $1 AS last7,
         (date_trunc('day', $2::timestamptz AT TIME ZONE $1) - interval '29 days') AT TIME ZONE $1 AS last30`,
      [tz, now],
    ),
  ]);
  const days = lastDays(now, tz, 30);
  const byDay = new Map(days.map((d) => [d.day, d]));
  const failures = new Map<string, number>();
  let deltas = 0;
  for (const r of rows) {
    deltas += Number(r.parts) - Number(r.keys);
    const n = Number(r.n);
    const day = byDay.get(r.day);
    if (!day || !STATUSES.has(r.status) || n === 0) continue;
    day[r.status as MessageStatus] += n;
    if (r.status === "failed" || r.status === "error")
      failures.set(r.error_code, (failures.get(r.error_code) ?? 0) + n);
  }
  if (deltas > COMPACT_AFTER) await compactMessageStats(ctx, businessId);

  const sum = (list: DayCounts[]): StatusCounts => {
    const c = zeroCounts();
    for (const d of list) for (const k of Object.keys(c) as MessageStatus[]) c[k] += d[k];
    return c;
  };
  const last7 = sum(days.slice(-7));
  const previous7 = sum(days.slice(-14, -7));
  const last30 = sum(days);
  return {
    timeZone: tz,
    today: days[days.length - 1]!.day,
    starts: starts!,
    days,
    totals: { today: sum(days.slice(-1)), last7, last30 },
    rates: { last7: ratesOf(last7), previous7: ratesOf(previous7), last30: ratesOf(last30) },
    failures: [...failures]
      .map(([errorCode, count]): FailureCount => ({ errorCode, reason: errorReason(errorCode), count }))
      .filter((f) => f.count > 0)
      .sort((a, b) => b.count - a.count || a.errorCode.localeCompare(b.errorCode)),
  };
}

/** The `n` calendar days up to today in `timeZone`, oldest first, every count zero. */
function lastDays(now: Date, timeZone: string, n: number): DayCounts[] {
  const fmt = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  const [y, m, d] = fmt.format(now).split("-").map(Number) as [number, number, number];
  return Array.from({ length: n }, (_, i) => {
    // Calendar arithmetic on a UTC date: no daylight-saving hour can skip or repeat a day.
    const day = new Date(Date.UTC(y, m - 1, d - (n - 1 - i))).toISOString().slice(0, 10);
    return { day, ...zeroCounts() };
  });
}
