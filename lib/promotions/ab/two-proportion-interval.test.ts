import { describe, expect, it } from "vitest";
import { normalQuantile } from "./normal-quantile";
import { twoProportionInterval } from "./two-proportion-interval";

describe("twoProportionInterval (difference of two proportions, normal approximation)", () => {
  it("the normal quantiles of the tables", () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 6);
    expect(normalQuantile(0.95)).toBeCloseTo(1.644854, 6);
    expect(normalQuantile(0.995)).toBeCloseTo(2.575829, 6);
  });

  // OpenIntro Statistics, 4th edition (Diez, Cetinkaya-Rundel, Barr), section 6.2 (difference of two proportions), the
  // blood thinner after CPR example: 14 of 40 survived with it, 11 of 50 without;
  // difference 0.13, SE 0.095, 90% confidence interval (-0.027, 0.287).
  it("the CPR and blood thinner example: 90% CI -0.027 to 0.287", () => {
    const ci = twoProportionInterval({ events: 14, n: 40 }, { events: 11, n: 50 }, 0.9)!;
    expect(ci.difference).toBeCloseTo(0.13, 10);
    expect(ci.standardError).toBeCloseTo(0.095, 3);
    expect(ci.low).toBeCloseTo(-0.027, 3);
    expect(ci.high).toBeCloseTo(0.287, 3);
  });

  // The same section of the book, the mammogram study: 500 of 44,925 died of breast cancer in
  // the mammogram group, 505 of 44,910 in the control group; SE 0.00070, 95% confidence
  // interval (-0.00149, 0.00125) from the rounded point estimate -0.00012.
  it("the mammogram example: 95% CI -0.0015 to 0.0013", () => {
    const ci = twoProportionInterval({ events: 500, n: 44_925 }, { events: 505, n: 44_910 })!;
    expect(ci.standardError).toBeCloseTo(0.0007, 5);
    expect(ci.low).toBeCloseTo(-0.00149, 5);
    expect(ci.high).toBeCloseTo(0.00126, 5);
  });

  it("no interval for an empty group; zero width when both rates are 0 or 1", () => {
    expect(twoProportionInterval({ events: 0, n: 0 }, { events: 1, n: 10 })).toBeNull();
    expect(twoProportionInterval({ events: 0, n: 10 }, { events: 0, n: 10 })).toMatchObject({
      low: 0,
      high: 0,
    });
  });
});
