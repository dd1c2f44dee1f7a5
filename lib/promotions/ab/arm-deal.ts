/** What a launch draws arms with: read from promotions.ab_test (campaign-arms.ts). */
export type ArmPlan = { seed: string; holdoutPercent: number; variantCount: number };

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * One cycle of arms dealt round-robin by share (smooth weighted round-robin): arm 0, the
 * holdout, weighs holdoutPercent x variants, each variant 100 - holdoutPercent, so every
 * variant gets the same share of the rest. Each arm occurs exactly its weight's times per
 * cycle, spread evenly (a 10% holdout of 2 variants: 20 slots, 2 of them holdout, 9 + 9 the
 * variants), so any run of consecutive slots holds every arm within one of its share.
 */
export function armDeal(plan: Pick<ArmPlan, "holdoutPercent" | "variantCount">): number[] {
  const weights = [
    plan.holdoutPercent * plan.variantCount,
    ...Array.from({ length: plan.variantCount }, () => 100 - plan.holdoutPercent),
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
    deal.push(best);
  }
  return deal;
}
