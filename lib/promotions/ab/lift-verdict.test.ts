import { describe, expect, it } from "vitest";
import { liftVerdict } from "./lift-verdict";

describe("liftVerdict", () => {
  it("points, the 95% interval and the verdict in words", () => {
    // 60 of 1,000 against 30 of 1,000: +3.0 points, SE sqrt(.06*.94/1000 + .03*.97/1000) = 0.009247.
    const lift = liftVerdict(
      { name: "B", count: 60, n: 1000 },
      { name: "holdout", count: 30, n: 1000, holdout: true },
    );
    expect(lift.points).toBeCloseTo(3, 10);
    expect(lift.low).toBeCloseTo(3 - 1.959964 * 0.9247, 2);
    expect(lift.high).toBeCloseTo(3 + 1.959964 * 0.9247, 2);
    expect(lift).toMatchObject({ enoughData: true, significant: true, against: "holdout" });
    expect(lift.verdict).toBe(
      "variant B: +3.0 points of conversion vs the holdout, 95% CI +1.2 to +4.8: better",
    );
  });

  it("an interval across 0 is no clear difference; a worse variant says so", () => {
    expect(liftVerdict({ name: "B", count: 31, n: 1000 }, { name: "A", count: 30, n: 1000 }).verdict).toMatch(
      /^variant B: \+0\.1 points of conversion vs variant A, 95% CI -1\.4 to \+1\.6: no clear difference$/,
    );
    expect(liftVerdict({ name: "C", count: 10, n: 1000 }, { name: "A", count: 40, n: 1000 }).verdict).toMatch(
      /: worse$/,
    );
  });

  it("not enough data yet below 100 recipients per arm or 5 conversions", () => {
    const few = liftVerdict(
      { name: "B", count: 9, n: 99 },
      { name: "holdout", count: 1, n: 500, holdout: true },
    );
    expect(few).toMatchObject({ enoughData: false, points: null, low: null, high: null, significant: false });
    expect(few.verdict).toBe(
      "variant B vs the holdout: not enough data yet (needs 100 recipients in each arm and 5 conversions; has 99 and 500 recipients, 10 conversions)",
    );
    expect(liftVerdict({ name: "B", count: 2, n: 500 }, { name: "A", count: 2, n: 500 }).enoughData).toBe(
      false,
    );
    expect(liftVerdict({ name: "B", count: 3, n: 100 }, { name: "A", count: 2, n: 100 }).enoughData).toBe(
      true,
    );
  });
});
