import { describe, expect, it } from "vitest";
import type { StoredAbTest } from "@/db/schema/ab-test";
import { winnerSentence } from "./winner-status";

const at = (d: Date) => d.toISOString();
const ab = (winner: StoredAbTest["winner"]): StoredAbTest => ({
  variants: [],
  holdoutPercent: 10,
  seed: "1",
  winner,
});
const decision = {
  arm: 2,
  name: "B",
  enoughData: true,
  reason: "read rate 41% vs 33%",
  decidedAt: "2026-12-07T12:00:00.000Z",
  released: 1200,
  rates: [],
};

describe("winnerSentence", () => {
  it("none without a winner to send", () => {
    expect(winnerSentence(null, null, at)).toBeNull();
    expect(winnerSentence(ab(undefined), null, at)).toBeNull();
  });
  it("waiting: when the winner is picked", () => {
    const w = { testShare: 20, testHours: 24, metric: "read" as const };
    expect(winnerSentence(ab(w), new Date("2026-12-07T10:00:00Z"), at)).toEqual({
      decided: false,
      text: "Test running (20% of the audience outside the holdout): winner by read rate picked at 2026-12-08T10:00:00.000Z",
    });
    expect(winnerSentence(ab({ ...w, testHours: 1, metric: "clicked" }), null, at)!.text).toBe(
      "Test running (20% of the audience outside the holdout): winner by click rate picked 1 hour after the campaign starts",
    );
  });
  it("decided: the winner, how many, when and why; or the reason there was no verdict", () => {
    const w = { testShare: 20, testHours: 24, metric: "read" as const };
    expect(winnerSentence(ab({ ...w, decision }), null, at)!.text).toBe(
      "Winner: B, sent to the rest (1,200) at 2026-12-07T12:00:00.000Z: read rate 41% vs 33%",
    );
    const none = {
      ...decision,
      arm: 1,
      name: "A",
      enoughData: false,
      reason: "not enough data (x)",
      released: 30,
    };
    expect(winnerSentence(ab({ ...w, decision: none }), null, at)!.text).toBe(
      "No verdict, variant A sent to the rest (30) at 2026-12-07T12:00:00.000Z: not enough data (x)",
    );
  });
});
