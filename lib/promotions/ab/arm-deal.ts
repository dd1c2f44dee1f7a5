/** What a launch draws arms with: read from promotions.ab_test (campaign-arms.ts). */
export type ArmPlan = {
  seed: string;
  holdoutPercent: number;
  variantCount: number;
  /** Percent of the audience outside the holdout drawn into the variants (100 without a winner). */
  testShare?: number;
};

/** The arm of the recipients kept for the winner (state `held`, sent the winner later). */
export const REST_ARM = -1;

/**
 * The arm promotion_arm_counters keeps the recipients in no arm under (a campaign without a
 * test; an opted-out number): only their links and clicks, for the click report.
 */
export const NO_ARM = -2;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * One cycle of arms dealt round-robin by share (smooth weighted round-robin): arm 0, the
 * holdout, weighs holdoutPercent x 100 x variants, each variant (100 - holdoutPercent) x
 * testShare, and the rest kept for the winner (REST_ARM, after the variants) (100 -
 * holdoutPercent) x (100 - testShare) x variants, so the holdout keeps its share of the whole
 * and every variant the same share of the test. Each arm occurs exactly its weight's times per
 * cycle, spread evenly (a 10% holdout of 2 variants: 20 slots, 2 of them holdout, 9 + 9 the
 * variants), so any run of consecutive slots holds every arm within one of its share.
 */
export function armDeal(plan: Pick<ArmPlan, "holdoutPercent" | "variantCount" | "testShare">): number[] {
  const n = plan.variantCount;
  const test = plan.testShare ?? 100;
  const rest = 100 - plan.holdoutPercent;
  const weights = [
    plan.holdoutPercent * 100 * n,
    ...Array.from({ length: n }, () => rest * test),
    rest * (100 - test) * n,
  ];
  const divisor = weights.reduce((a, w) => gcd(a, w), 0);
  const w = weights.map((x) => x / divisor);
  const total = w.reduce((a, x) => a + x, 0);
  const current = w.map(() => 0);
  const deal: number[] = [];
  for (let slot = 0; slot < total; slot++) {
    let best = 0;
    for (let arm = 0; arm < w.length; arm++) {
      current[arm]! += w[arm]!;
      if (current[arm]! > current[best]!) best = arm;
    }
    current[best]! -= total;
    deal.push(best === n + 1 ? REST_ARM : best);
  }
  return deal;
}
