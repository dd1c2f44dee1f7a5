import metadata from "libphonenumber-js/min/metadata";
import { describe, expect, it } from "vitest";
import { readInternational } from "./international";
import { plainE164 } from "./plain-e164";

/** A small deterministic generator (mulberry32): the same numbers on every run. */
function digitsFrom(seed: number): (n: number) => string {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return (n) => Array.from({ length: n }, () => String(Math.floor(next() * 10))).join("");
}

describe("plainE164 (the intake's fast path)", () => {
  it("answers exactly as the full parse whenever it answers, over every calling code", () => {
    const random = digitsFrom(11);
    let answered = 0;
    let validByParse = 0;
    for (const code of Object.keys(metadata.country_calling_codes)) {
      for (let total = 6; total <= 15; total++) {
        const restLength = total - code.length;
        if (restLength < 1) continue;
        for (let i = 0; i < 60; i++) {
          const digits = code + random(restLength);
          const fast = plainE164(digits);
          const full = readInternational(digits);
          if (full !== undefined) validByParse++;
          if (fast === undefined) continue;
          answered++;
          expect(fast, digits).toBe(full);
        }
      }
    }
    // The fast path must carry its weight: most valid numbers skip the parse.
    expect(answered).toBeGreaterThan(validByParse / 2);
  });

  it("leaves typed forms, national forms and shared calling codes to the full parse", () => {
    for (const raw of [
      "+919876543210",
      "91 98765 43210",
      "09876543210",
      "14155550100",
      "447911123456",
      "0919876543210",
    ]) {
      expect(plainE164(raw), raw).toBeUndefined();
    }
    expect(plainE164("919876543210")).toBe("919876543210");
    expect(plainE164("4915123456789")).toBe(readInternational("4915123456789"));
  });
});
