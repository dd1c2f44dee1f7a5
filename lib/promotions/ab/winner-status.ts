import type { StoredAbTest } from "@/db/schema/ab-test";

const RATE: Record<string, string> = {
  read: "read rate",
  clicked: "click rate",
  converted: "conversion rate",
};

/**
 * Where an A/B test sending its winner to the rest stands, in one sentence for the campaign
 * page (`at` formats a time in the business's zone). null without a winner to send.
 * - decided: "Winner: B, sent to the rest (1,200) at <T>: read rate 41% vs 33%", or without
 *   enough data "No verdict, variant A sent to the rest (30) at <T>: not enough data (...)";
 * - waiting: "Test running (50% of the audience outside the holdout): winner by read rate
 *   picked at <T>" (start + testHours), or "... picked 24 hours after the campaign starts".
 */
export function winnerSentence(
  ab: StoredAbTest | null,
  startTime: Date | null,
  at: (d: Date) => string,
): { decided: boolean; text: string } | null {
  const w = ab?.winner;
  if (!w) return null;
  const d = w.decision;
  if (d) {
    const sent = `sent to the rest (${d.released.toLocaleString("en-US")}) at ${at(new Date(d.decidedAt))}`;
    return {
      decided: true,
      text: d.enoughData
        ? `Winner: ${d.name}, ${sent}: ${d.reason}`
        : `No verdict, variant ${d.name} ${sent}: ${d.reason}`,
    };
  }
  const head = `Test running (${w.testShare}% of the audience outside the holdout): winner by ${RATE[w.metric]} picked`;
  const when = startTime
    ? `at ${at(new Date(startTime.getTime() + w.testHours * 3_600_000))}`
    : `${w.testHours} ${w.testHours === 1 ? "hour" : "hours"} after the campaign starts`;
  return { decided: false, text: `${head} ${when}` };
}
