import { describe, expect, it } from "vitest";
import { promotionStatuses } from "@/db/schema";
import { AppError } from "../errors";
import { assertMove, canMove, isFinal, type PromotionStatus } from "./state-machine";

// The full table, written out by hand: every pair not listed here must be refused.
const allowed: Array<[PromotionStatus, PromotionStatus]> = [
  ["Preparing", "Active"],
  ["Preparing", "Scheduled"],
  ["Preparing", "Cancelled"],
  ["Preparing", "Expired"],
  ["Scheduled", "Active"],
  ["Scheduled", "Cancelled"],
  ["Scheduled", "Stopped"],
  ["Scheduled", "Expired"],
  ["Active", "Stopped"],
  ["Active", "Completed"],
  ["Active", "Expired"],
  ["Stopped", "Active"],
  ["Stopped", "Expired"],
];
const key = (a: string, b: string) => `${a}->${b}`;
const allowedKeys = new Set(allowed.map(([a, b]) => key(a, b)));
const forbidden = promotionStatuses.flatMap((from) =>
  promotionStatuses.filter((to) => !allowedKeys.has(key(from, to))).map((to) => [from, to] as const),
);

describe("promotion state machine", () => {
  it.each(allowed)("%s -> %s is allowed", (from, to) => {
    expect(canMove(from, to)).toBe(true);
    expect(() => assertMove(from, to)).not.toThrow();
  });

  it.each(forbidden)("%s -> %s is refused with a 400", (from, to) => {
    expect(canMove(from, to)).toBe(false);
    let err: unknown;
    try {
      assertMove(from, to);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(400);
    expect((err as AppError).details[0]!.path).toBe("status");
  });

  it("Cancel after the preparation phase says to stop instead", () => {
    expect(() => assertMove("Active", "Cancelled")).toThrow(/preparation phase.*"Stopped"/);
    expect(() => assertMove("Stopped", "Cancelled")).toThrow(/preparation phase/);
  });

  it("only Cancelled, Completed and Expired are final", () => {
    expect(promotionStatuses.filter(isFinal)).toEqual(["Cancelled", "Completed", "Expired"]);
  });
});
