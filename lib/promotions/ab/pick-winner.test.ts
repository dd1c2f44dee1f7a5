import { describe, expect, it } from "vitest";
import type { StoredVariant } from "@/db/schema/ab-test";
import type { ArmCounts } from "./arm-counts";
import { pickWinner } from "./pick-winner";

const variant = (name: string, arm: number): StoredVariant => ({
  name,
  arm,
  templateId: `t${arm}`,
  templateName: `tpl_${arm}`,
  language: "en_US",
  category: "MARKETING",
  components: [],
});
const counts = (arm: number, recipients: number, c: Partial<ArmCounts>): ArmCounts => ({
  arm,
  recipients,
  delivered: 0,
  read: 0,
  replied: 0,
  clicked: 0,
  clicks: 0,
  converted: 0,
  conversions: 0,
  revenue: [],
  ...c,
});
const abc = [variant("A", 1), variant("B", 2), variant("C", 3)];

describe("pickWinner", () => {
  it("the best rate of the metric wins, whatever the arm's position", () => {
    const d = pickWinner(abc.slice(0, 2), "read", [
      counts(1, 200, { read: 66 }),
      counts(2, 200, { read: 82 }),
    ]);
    expect(d).toMatchObject({ arm: 2, name: "B", enoughData: true, reason: "read rate 41% vs 33%" });
    expect(d.rates).toEqual([
      { arm: 1, name: "A", recipients: 200, count: 66, rate: 0.33 },
      { arm: 2, name: "B", recipients: 200, count: 82, rate: 0.41 },
    ]);
  });

  it("rates, not counts: a smaller arm with the better rate wins; three arms name the others", () => {
    const d = pickWinner(abc, "clicked", [
      counts(1, 300, { clicked: 30 }),
      counts(2, 150, { clicked: 30 }),
      counts(3, 200, { clicked: 21 }),
    ]);
    expect(d).toMatchObject({ name: "B", reason: "click rate 20% vs 10% (A), 10.5% (C)" });
  });

  it("a tie goes to the first of the tied variants", () => {
    const d = pickWinner(abc, "converted", [
      counts(1, 100, { converted: 1 }),
      counts(2, 100, { converted: 5 }),
      counts(3, 100, { converted: 5 }),
    ]);
    expect(d).toMatchObject({ name: "B", reason: "conversion rate tied at 5% (B, C): the first variant" });
  });

  it("below the report's sample rule: the first variant, and what was missing", () => {
    // 99 recipients in one arm.
    const small = pickWinner(abc.slice(0, 2), "read", [
      counts(1, 99, { read: 90 }),
      counts(2, 120, { read: 1 }),
    ]);
    expect(small).toMatchObject({ arm: 1, name: "A", enoughData: false });
    expect(small.reason).toBe(
      "not enough data (needs 100 recipients in each variant and 5 reads; has 99, 120 recipients and 91 reads)",
    );
    // 4 events between the arms; an arm nobody was drawn into counts 0.
    expect(
      pickWinner(abc.slice(0, 2), "converted", [
        counts(1, 500, { converted: 0 }),
        counts(2, 500, { converted: 4 }),
      ]).enoughData,
    ).toBe(false);
    expect(pickWinner(abc.slice(0, 2), "read", [counts(1, 500, { read: 300 })]).enoughData).toBe(false);
  });
});
