import type { StoredVariant, WinnerArmRate, WinnerDecision, WinnerMetric } from "@/db/schema/ab-test";
import type { ArmCounts } from "./arm-counts";
import { enoughSample, MIN_EVENTS, MIN_RECIPIENTS_PER_ARM } from "./lift-verdict";

/** How a metric reads in a reason: its rate's name and its events' plural. */
const WORDS: Record<WinnerMetric, { rate: string; events: string }> = {
  read: { rate: "read rate", events: "reads" },
  clicked: { rate: "click rate", events: "clicks" },
  converted: { rate: "conversion rate", events: "conversions" },
};

/** A rate as a percent with at most one decimal: 0.4125 -> "41.3%", 0.33 -> "33%". */
export const percent = (rate: number) => `${Number((rate * 100).toFixed(1))}%`;

/**
 * The winner of a test (docs/economics.md, "Sending the winner to the rest"): the variant with
 * the best rate of `metric` over its recipients; a tie goes to the first of the tied variants
 * in E1's order. Without enough data for a verdict (the report's sample rule, enoughSample,
 * over every test arm: each with MIN_RECIPIENTS_PER_ARM recipients, MIN_EVENTS events of the
 * metric between them) the first variant is picked and the reason says what was missing.
 * `decidedAt` and `released` are the caller's.
 */
export function pickWinner(
  variants: readonly StoredVariant[],
  metric: WinnerMetric,
  counts: readonly ArmCounts[],
): Omit<WinnerDecision, "decidedAt" | "released"> {
  const rates: WinnerArmRate[] = variants.map((v) => {
    const c = counts.find((x) => x.arm === v.arm);
    const recipients = c?.recipients ?? 0;
    const count = c?.[metric] ?? 0;
    return { arm: v.arm, name: v.name, recipients, count, rate: recipients === 0 ? 0 : count / recipients };
  });
  const words = WORDS[metric];
  const first = rates[0]!;
  if (!enoughSample(rates.map((r) => ({ n: r.recipients, count: r.count })))) {
    const has = `has ${rates.map((r) => r.recipients).join(", ")} recipients and ${rates.reduce((s, r) => s + r.count, 0)} ${words.events}`;
    return {
      arm: first.arm,
      name: first.name,
      enoughData: false,
      reason: `not enough data (needs ${MIN_RECIPIENTS_PER_ARM} recipients in each variant and ${MIN_EVENTS} ${words.events}; ${has})`,
      rates,
    };
  }
  const best = rates.reduce((b, r) => (r.rate > b.rate ? r : b), first);
  const tied = rates.filter((r) => r.rate === best.rate);
  const others = rates.filter((r) => r !== best);
  const reason =
    tied.length > 1
      ? `${words.rate} tied at ${percent(best.rate)} (${tied.map((r) => r.name).join(", ")}): the first variant`
      : `${words.rate} ${percent(best.rate)} vs ${others.map((r) => (others.length > 1 ? `${percent(r.rate)} (${r.name})` : percent(r.rate))).join(", ")}`;
  return { arm: best.arm, name: best.name, enoughData: true, reason, rates };
}
