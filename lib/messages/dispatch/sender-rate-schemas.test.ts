import { describe, expect, it } from "vitest";
import { senderRateForm } from "./sender-rate-schemas";

const businessId = "0193b6f2-8c1a-7cde-9f00-1234567890ab";
const parse = (perSecond: string) => senderRateForm.safeParse({ businessId, sender: "1055", perSecond });
const message = (perSecond: string) => {
  const r = parse(perSecond);
  return r.success ? undefined : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("senderRateForm (console field, admin CLI)", () => {
  it("reads a whole number, or blank / default as null", () => {
    expect(parse(" 250 ").data?.perSecond).toBe(250);
    expect(parse("1000").data?.perSecond).toBe(1000);
    expect(parse("").data?.perSecond).toBeNull();
    expect(parse("Default").data?.perSecond).toBeNull();
  });

  it("refuses 0, 1001, fractions and words with one message on perSecond", () => {
    expect(message("0")).toEqual(["perSecond: At least 1 message per second"]);
    expect(message("1001")).toEqual(["perSecond: At most 1,000 messages per second (Meta's highest tier)"]);
    expect(message("2.5")).toEqual(['perSecond: A whole number from 1 to 1,000, or "default"']);
    expect(message("fast")).toEqual(['perSecond: A whole number from 1 to 1,000, or "default"']);
  });
});
