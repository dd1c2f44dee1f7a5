import { twoProportionInterval } from "./two-proportion-interval";

/** Below these, a comparison says "not enough data yet" instead of an interval. */
export const MIN_RECIPIENTS_PER_ARM = 100;
export const MIN_EVENTS = 5;
export const CONFIDENCE = 0.95;

type Group = { name: string; count: number; n: number; holdout?: boolean };

export type Lift = {
  variant: string;
  against: string;
  metric: "conversion";
  enoughData: boolean;
  /** Percentage points, variant minus baseline, and the interval's bounds; null below the minimum. */
  points: number | null;
  low: number | null;
  high: number | null;
  /** The interval excludes 0. */
  significant: boolean;
  verdict: string;
};

/**
 * The report's sample rule for a verdict between arms: each has at least
 * MIN_RECIPIENTS_PER_ARM recipients, and the events counted (conversions for a lift; the
 * winner's metric for a winner) add up to MIN_EVENTS between them.
 */
export function enoughSample(arms: ReadonlyArray<{ count: number; n: number }>): boolean {
  return (
    arms.every((a) => a.n >= MIN_RECIPIENTS_PER_ARM) &&
    arms.reduce((sum, a) => sum + a.count, 0) >= MIN_EVENTS
  );
}

const signed = (points: number) => {
  const s = (Math.round(points * 10) / 10).toFixed(1);
  return s === "0.0" || s === "-0.0" ? "0.0" : points > 0 ? `+${s}` : s;
};

/**
 * The conversion lift of a variant over its baseline (the holdout, else the first variant) in
 * percentage points, with its 95% interval (twoProportionInterval, normal approximation), and
 * the verdict in words: "variant B: +2.1 points of conversion vs holdout, 95% CI +0.4 to +3.8:
 * better". Only with at least MIN_RECIPIENTS_PER_ARM recipients in each of the two arms and
 * MIN_EVENTS conversions between them; below that the verdict says "not enough data yet" and
 * what is missing.
 */
export function liftVerdict(variant: Group, baseline: Group): Lift {
  const head = `variant ${variant.name}`;
  const against = baseline.holdout ? "the holdout" : `variant ${baseline.name}`;
  const enoughData = enoughSample([variant, baseline]);
  const ci = enoughData
    ? twoProportionInterval(
        { events: variant.count, n: variant.n },
        { events: baseline.count, n: baseline.n },
        CONFIDENCE,
      )
    : null;
  const base = { variant: variant.name, against: baseline.name, metric: "conversion" as const };
  if (!ci) {
    return {
      ...base,
      enoughData: false,
      points: null,
      low: null,
      high: null,
      significant: false,
      verdict:
        `${head} vs ${against}: not enough data yet (needs ${MIN_RECIPIENTS_PER_ARM} recipients in each arm ` +
        `and ${MIN_EVENTS} conversions; has ${variant.n} and ${baseline.n} recipients, ` +
        `${variant.count + baseline.count} conversions)`,
    };
  }
  const [points, low, high] = [ci.difference, ci.low, ci.high].map((x) => x * 100) as [
    number,
    number,
    number,
  ];
  const significant = low > 0 || high < 0;
  const outcome = low > 0 ? "better" : high < 0 ? "worse" : "no clear difference";
  return {
    ...base,
    enoughData: true,
    points,
    low,
    high,
    significant,
    verdict: `${head}: ${signed(points)} points of conversion vs ${against}, ${CONFIDENCE * 100}% CI ${signed(low)} to ${signed(high)}: ${outcome}`,
  };
}
