import { describe, expect, it } from "vitest";
import { BranchStep } from "../definition";
import { holds, type Facts } from "./conditions";

const facts = (over: Partial<Facts> = {}): Facts => ({
  channel: "chatapp",
  profile: async () => ({ city: "Pune", age: "41", name: null }),
  open: async () => false,
  optedOut: async () => true,
  inSegment: async (id) => id === "seg-vip",
  ...over,
});
const check = (c: unknown, vars: Record<string, string> = {}, f = facts()) =>
  holds(BranchStep.parse({ id: "b", type: "branch", rules: [{ when: c }] }).rules[0]!.when, vars, f);

describe("branch conditions", () => {
  it("compares variables (the old shape too) and numbers", async () => {
    expect(await check({ variable: "n", op: "equals", value: "ABC" }, { n: "abc" })).toBe(true);
    expect(await check({ source: "variable", key: "n", op: "not_equals", value: "x" }, { n: "y" })).toBe(
      true,
    );
    expect(await check({ source: "variable", key: "n", op: "greater_than", value: "9" }, { n: "10" })).toBe(
      true,
    );
    expect(await check({ source: "variable", key: "n", op: "less_than", value: "9" }, { n: "10" })).toBe(
      false,
    );
    expect(await check({ source: "variable", key: "n", op: "greater_than", value: "9" }, { n: "ten" })).toBe(
      false,
    );
    expect(await check({ source: "variable", key: "n", op: "is_true" }, { n: "Yes" })).toBe(true);
    expect(await check({ source: "variable", key: "n", op: "is_false" }, {})).toBe(true);
  });
  it("reads the profile, the channel, business hours and opt-out", async () => {
    expect(await check({ source: "profile", key: "city", op: "equals", value: "pune" })).toBe(true);
    expect(await check({ source: "profile", key: "age", op: "greater_than", value: "40" })).toBe(true);
    expect(await check({ source: "profile", key: "name", op: "is_not_set" })).toBe(true);
    expect(await check({ source: "channel", op: "equals", value: "rcs" })).toBe(false);
    expect(await check({ source: "business_hours", op: "is_true" })).toBe(false);
    expect(
      await check({ source: "business_hours", op: "is_true" }, {}, facts({ open: async () => true })),
    ).toBe(true);
    expect(await check({ source: "opted_out", op: "is_true" })).toBe(true);
    expect(await check({ source: "opted_out", op: "is_false" })).toBe(false);
  });

  it("segment: is_true when the customer is in the segment the key names", async () => {
    expect(await check({ source: "segment", key: "seg-vip", op: "is_true" })).toBe(true);
    expect(await check({ source: "segment", key: "seg-other", op: "is_true" })).toBe(false);
    expect(await check({ source: "segment", key: "seg-other", op: "is_false" })).toBe(true);
  });
});
