import type { MonthCampaignCost } from "../economics/cost/month-campaign-cost";
import type { MessageStatus } from "../messages/schemas";

export type StatusCounts = Record<MessageStatus, number>;

/** One day of the business's time zone: messages created that day, by their current status. */
export type DayCounts = { day: string } & StatusCounts;

/** Delivered (or read) out of the messages that left (not still attempted or accepted). */
export type Rates = { delivery: number | null; read: number | null };

export type FailureCount = { errorCode: string; reason: string; count: number };

export type MessageOverview = {
  timeZone: string;
  /** YYYY-MM-DD in the business's time zone. */
  today: string;
  /** The instants today, the last 7 and the last 30 days start at. */
  starts: { today: Date; last7: Date; last30: Date };
  /** The last 30 days, oldest first, today last (days without messages included, all zero). */
  days: DayCounts[];
  totals: { today: StatusCounts; last7: StatusCounts; last30: StatusCounts };
  rates: { last7: Rates; previous7: Rates; last30: Rates };
  /** Failed and error messages of the last 30 days by error code, most frequent first. */
  failures: FailureCount[];
};

export type Overview = {
  messages: MessageOverview;
  /** Callback deliveries that failed and wait for their next retry, and the endpoints they go to. */
  callbacksFailing: { deliveries: number; endpoints: number };
  templatesPending: number;
  /** Active promotions and RCS campaigns (at most 5 named; `total` counts them all). */
  campaigns: { total: number; active: Array<{ id: string; name: string; kind: string }> };
  /** What this month's chatapp campaigns cost so far (lib/economics/cost/month-campaign-cost.ts). */
  campaignCost: MonthCampaignCost;
};

export const zeroCounts = (): StatusCounts => ({
  attempted: 0,
  accepted: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  error: 0,
});

export const totalOf = (c: StatusCounts) => Object.values(c).reduce((a, b) => a + b, 0);

export function ratesOf(c: StatusCounts): Rates {
  const reached = c.delivered + c.read;
  const left = c.sent + reached + c.failed + c.error;
  return {
    delivery: left > 0 ? reached / left : null,
    read: reached > 0 ? c.read / reached : null,
  };
}
