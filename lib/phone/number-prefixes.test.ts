import { describe, expect, it } from "vitest";
import { numberPrefixes } from "./number-prefixes";

describe("numberPrefixes", () => {
  it("matches a whole national number of the default country as its E.164 digits", () => {
    expect(numberPrefixes("9876543210", "IN")).toEqual(["9876543210", "919876543210"]);
    expect(numberPrefixes("098765 43210", "IN")).toEqual(["09876543210", "919876543210"]);
    expect(numberPrefixes("4155550100", "US")).toEqual(["4155550100", "14155550100"]);
  });
  it("matches the start of a national number after the country code", () => {
    expect(numberPrefixes("98765", "IN")).toEqual(["98765", "9198765"]);
    expect(numberPrefixes("07911", "GB")).toEqual(["07911", "447911"]);
  });
  it("keeps numbers with their country code as typed", () => {
    expect(numberPrefixes("+9198765", "IN")).toEqual(["9198765"]);
    expect(numberPrefixes("919876543210", "IN")).toEqual(["919876543210"]);
    expect(numberPrefixes("14155550100", "IN")).toEqual(["14155550100"]);
  });
  it("without a default country, matches the digits only (as before)", () => {
    expect(numberPrefixes("9876543210", null)).toEqual(["9876543210"]);
  });
});
