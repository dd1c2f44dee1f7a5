import { describe, expect, it } from "vitest";
import { armDeal, REST_ARM } from "./arm-deal";

const countsOf = (deal: number[]) =>
  deal.reduce<Record<number, number>>((m, a) => ({ ...m, [a]: (m[a] ?? 0) + 1 }), {});

describe("armDeal (one cycle of arms, round-robin by share)", () => {
  it("each arm its share of the cycle", () => {
    expect(countsOf(armDeal({ holdoutPercent: 10, variantCount: 2 }))).toEqual({ 0: 2, 1: 9, 2: 9 });
    expect(countsOf(armDeal({ holdoutPercent: 0, variantCount: 3 }))).toEqual({ 1: 1, 2: 1, 3: 1 });
    expect(countsOf(armDeal({ holdoutPercent: 50, variantCount: 4 }))).toEqual({
      0: 4,
      1: 1,
      2: 1,
      3: 1,
      4: 1,
    });
    expect(countsOf(armDeal({ holdoutPercent: 7, variantCount: 4 }))).toEqual({
      0: 28,
      1: 93,
      2: 93,
      3: 93,
      4: 93,
    });
  });

  it("spread evenly: every run of slots holds each arm within one of its share", () => {
    const deal = armDeal({ holdoutPercent: 20, variantCount: 3 });
    // Weights 60 (holdout: 20 x 3) and 80 for each variant, of 300.
    for (let len = 1; len <= deal.length; len++) {
      for (let start = 0; start < deal.length; start++) {
        const run = Array.from({ length: len }, (_, i) => deal[(start + i) % deal.length]!);
        for (let arm = 0; arm < 4; arm++) {
          const n = run.filter((a) => a === arm).length;
          expect(Math.abs(n - len * (arm === 0 ? 60 / 300 : 80 / 300))).toBeLessThan(2);
        }
      }
    }
  });

  it("with a winner to send: the test share of the non-holdout audience in the variants, the rest kept", () => {
    // 10% holdout; of the other 90%, 20% in the test (9% each of A and B), 72% kept.
    expect(countsOf(armDeal({ holdoutPercent: 10, variantCount: 2, testShare: 20 }))).toEqual({
      0: 10,
      1: 9,
      2: 9,
      [REST_ARM]: 72,
    });
    expect(countsOf(armDeal({ holdoutPercent: 0, variantCount: 2, testShare: 50 }))).toEqual({
      1: 1,
      2: 1,
      [REST_ARM]: 2,
    });
  });

  it("a test share of 100 (no winner) deals exactly as before: the same draws", () => {
    for (const [h, n] of [
      [10, 2],
      [0, 3],
      [7, 4],
      [25, 2],
    ] as const) {
      expect(armDeal({ holdoutPercent: h, variantCount: n, testShare: 100 })).toEqual(
        armDeal({ holdoutPercent: h, variantCount: n }),
      );
    }
  });
});
