import { describe, expect, it } from "vitest";
import { readTypedPhone } from "./typed-reading";

// [typed, default country, stored digits or null for refused]
const cases: [string, string | null, string | null][] = [
  // The vendor's samples: 10-digit national numbers of an Indian business.
  ["9876543210", "IN", "919876543210"],
  ["98765 43210", "IN", "919876543210"],
  ["09876543210", "IN", "919876543210"],
  // With the country code, in every form, for any default (or none).
  ["919876543210", "IN", "919876543210"],
  ["+91 98765 43210", "IN", "919876543210"],
  ["919876543210", "US", "919876543210"],
  ["919876543210", null, "919876543210"],
  ["+14155550100", "IN", "14155550100"],
  // Another country's number without "+": not misread as a national number of the default.
  ["14155550100", "IN", "14155550100"],
  ["447911123456", "IN", "447911123456"],
  ["447911123456", "US", "447911123456"],
  // Both readings real: the default country wins (write "+65..." for Singapore).
  ["6581234567", "IN", "916581234567"],
  // Other defaults.
  ["4155550100", "US", "14155550100"],
  ["07911 123456", "GB", "447911123456"],
  // No default: a national number is refused, as before default countries existed.
  ["9876543210", null, null],
  ["4155550100", null, null],
  ["12345", "IN", null],
  ["98765abc10", "IN", null],
];

describe("readTypedPhone", () => {
  it.each(cases)("%s with %s -> %s", (typed, country, expected) => {
    const r = readTypedPhone(typed, country);
    if (expected === null) expect(r.ok).toBe(false);
    else expect(r).toMatchObject({ ok: true, e164: expected });
  });

  it("names the default country when a national number does not fit it", () => {
    expect(readTypedPhone("12345", "IN")).toMatchObject({ ok: false, reason: /country IN/ });
  });
});
