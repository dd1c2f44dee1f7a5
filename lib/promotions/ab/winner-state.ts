import type { StoredAbTest, WinnerDecision, WinnerMetric } from "@/db/schema/ab-test";
import type { PromotionStatus } from "../state-machine";
import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { REST_ARM } from "./arm-deal";
import { winnerSentence } from "./winner-status";

/**
 * Where sending the winner to the rest stands (docs/economics.md, "Sending the winner to the
 * rest"): waiting (the test runs until testEndsAt), held (the period is over, the rest still
 * held: the next 15 s scan decides an Active campaign, a Stopped one waits to be resumed),
 * picked / not_enough_data (decided with a verdict / without one, the first variant; the rest
 * is being sent), sent (decided, none of the rest left to send), ended (the campaign expired
 * or was cancelled with the rest unsent).
 */
export const winnerStates = ["waiting", "held", "picked", "not_enough_data", "sent", "ended"] as const;
export type WinnerState = (typeof winnerStates)[number];

export type WinnerStatus = {
  /** abTest.winner is set: the best variant is sent to the rest after the test period. */
  sendToRest: boolean;
  metric: WinnerMetric | null;
  testShare: number | null;
  testHours: number | null;
  /** The test period's end (the campaign's start + testHours); null before it starts. */
  testEndsAt: string | null;
  state: WinnerState | null;
  /** The decision as the winner job stored it: the arm, why (metric's rates), when, how many. */
  decision: WinnerDecision | null;
  /** The campaign page's sentence, times in UTC (ISO 8601). */
  summary: string | null;
};

const ENDED: readonly PromotionStatus[] = ["Expired", "Cancelled"];

type Promotion = { id: string; status: PromotionStatus; startTime: Date | null; abTest: StoredAbTest | null };

/**
 * The winner's state of an A/B test, from the stored test (promotions.ab_test: its winner
 * setting and decision) and, once decided, whether any of the rest (arm REST_ARM) is still
 * pending or ended unsent: two EXISTS probes on the recipients' state index, never a count.
 */
export async function winnerStatus(
  ctx: Ctx,
  businessId: string,
  p: Promotion,
  now = new Date(),
): Promise<WinnerStatus> {
  const w = p.abTest?.winner;
  if (!w) {
    return {
      sendToRest: false,
      metric: null,
      testShare: null,
      testHours: null,
      testEndsAt: null,
      state: null,
      decision: null,
      summary: null,
    };
  }
  const endsAt = p.startTime ? new Date(p.startTime.getTime() + w.testHours * 3_600_000) : null;
  const d = w.decision ?? null;
  let state: WinnerState;
  if (!d) {
    state = ENDED.includes(p.status) ? "ended" : !endsAt || endsAt > now ? "waiting" : "held";
  } else {
    const [rest] = await rawQuery<{ pending: boolean; ended: boolean }>(
      ctx.db,
      `SELECT EXISTS (SELECT 1 FROM promotion_recipients WHERE promotion_id = $1 AND business_id = $2
                        AND state = 'pending' AND arm = $3) AS pending,
              EXISTS (SELECT 1 FROM promotion_recipients WHERE promotion_id = $1 AND business_id = $2
                        AND state IN ('expired', 'cancelled') AND arm = $3) AS ended`,
      [p.id, businessId, REST_ARM],
    );
    state = rest?.pending ? (d.enoughData ? "picked" : "not_enough_data") : rest?.ended ? "ended" : "sent";
  }
  return {
    sendToRest: true,
    metric: w.metric,
    testShare: w.testShare,
    testHours: w.testHours,
    testEndsAt: endsAt?.toISOString() ?? null,
    state,
    decision: d,
    summary: winnerSentence(p.abTest, p.startTime, (t) => t.toISOString())?.text ?? null,
  };
}
