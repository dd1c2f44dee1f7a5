import { normalQuantile } from "./normal-quantile";

export type Proportion = { events: number; n: number };
export type Interval = { difference: number; low: number; high: number; standardError: number };

/**
 * The difference of two proportions p1 - p2 with its confidence interval by the normal
 * approximation (the Wald interval of the textbooks): SE = sqrt(p1(1-p1)/n1 + p2(1-p2)/n2),
 * difference +/- z x SE, z the normal quantile of (1 + confidence) / 2. Proportions, not
 * points: the caller scales. null when either group is empty.
 */
export function twoProportionInterval(a: Proportion, b: Proportion, confidence = 0.95): Interval | null {
  if (a.n <= 0 || b.n <= 0) return null;
  const p1 = a.events / a.n;
  const p2 = b.events / b.n;
  const standardError = Math.sqrt((p1 * (1 - p1)) / a.n + (p2 * (1 - p2)) / b.n);
  const margin = normalQuantile((1 + confidence) / 2) * standardError;
  const difference = p1 - p2;
  return { difference, low: difference - margin, high: difference + margin, standardError };
}
