import { describe, expect, it } from "vitest";
import { readInternational, requireRecipient } from "./international";
import { readPhoneCell } from "./phone-cell";
import { countryOf, isCountryCode, readPhoneForRegion } from "./read-phone";
import { phoneText } from "./spreadsheet-text";
import { readTypedPhones, requireTypedPhone } from "./typed-phones";
import { readTypedPhone } from "./typed-reading";

/**
 * The one table of phone rules: what each reading makes of a written number. Columns: the text,
 * then the answer of readInternational (sends: country code required), readPhoneForRegion with
 * IN (F1 with countrycode), readTypedPhone with IN (typed numbers, default country IN),
 * readTypedPhone with no default country, and readPhoneCell with IN (list files). null: refused.
 */
const RULES: Array<[string, string | null, string | null, string | null, string | null, string | null]> = [
  // E.164 digits, with and without "+".
  ["919876543210", "919876543210", "919876543210", "919876543210", "919876543210", "919876543210"],
  ["+919876543210", "919876543210", "919876543210", "919876543210", "919876543210", "919876543210"],
  ["+14155550100", "14155550100", "14155550100", "14155550100", "14155550100", "14155550100"],
  // Typed separators: spaces, no-break spaces, dashes, dots, parentheses.
  ["+91 98765 43210", "919876543210", "919876543210", "919876543210", "919876543210", "919876543210"],
  [
    "+91\u00a098765\u201343210",
    "919876543210",
    "919876543210",
    "919876543210",
    "919876543210",
    "919876543210",
  ],
  ["+1 (415) 555-0100", "14155550100", "14155550100", "14155550100", "14155550100", "14155550100"],
  ["  919876543210 ", "919876543210", "919876543210", "919876543210", "919876543210", "919876543210"],
  // The vendor's 10-digit national form: only where a country says how to read it.
  ["9876543210", null, "919876543210", "919876543210", null, "919876543210"],
  ["98765 43210", null, "919876543210", "919876543210", null, "919876543210"],
  ["09876543210", null, "919876543210", "919876543210", null, "919876543210"],
  // Another country's number without "+": typed, not misread as a national number of the
  // default; with an explicit region (F1's countrycode, the uploader's word) it is one.
  ["14155550100", "14155550100", "9114155550100", "14155550100", "14155550100", "14155550100"],
  // Both readings real: typed numbers take the default country, lists the country code.
  ["6581234567", "6581234567", "916581234567", "916581234567", "6581234567", "6581234567"],
  // Spreadsheet forms: the text mark, a decimal number column, scientific notation.
  ["'919876543210", "919876543210", "919876543210", "919876543210", "919876543210", "919876543210"],
  ["'+91 98765 43210", "919876543210", "919876543210", "919876543210", "919876543210", "919876543210"],
  ["'9876543210", null, "919876543210", "919876543210", null, "919876543210"],
  ["919876500002.0", "919876500002", "919876500002", "919876500002", "919876500002", "919876500002"],
  ["9.19876543215E+11", "919876543215", "919876543215", "919876543215", "919876543215", "919876543215"],
  ["9.19876543215e11", "919876543215", "919876543215", "919876543215", "919876543215", "919876543215"],
  ["9.1987654321E+11", null, null, null, null, null],
  ["9.19877E+11", null, null, null, null, null],
  // Not numbers.
  ["", null, null, null, null, null],
  ["12345", null, null, null, null, null],
  ["98765abc10", null, null, null, null, null],
  ["91+9876543210", null, null, null, null, null],
  ["+44 7700 900123", null, null, null, null, null],
];

describe("the phone rules", () => {
  it.each(RULES)("%s", (raw, international, region, typed, typedNoCountry, cell) => {
    const ok = (r: { ok: true; e164: string } | { ok: false }) => (r.ok ? r.e164 : null);
    const cellAnswer = readPhoneCell(raw, "IN");
    expect({
      international: readInternational(raw) ?? null,
      region: ok(readPhoneForRegion(raw, "IN")),
      typed: ok(readTypedPhone(raw, "IN")),
      typedNoCountry: ok(readTypedPhone(raw, null)),
      cell: typeof cellAnswer === "string" ? cellAnswer : null,
    }).toEqual({ international, region, typed, typedNoCountry, cell });
  });

  it("says why a number is refused, naming the country it was read for", () => {
    expect(readPhoneForRegion("", "IN")).toMatchObject({ ok: false, reason: "Phone number is empty" });
    expect(readPhoneForRegion("98765abc10", "IN")).toMatchObject({ reason: /invalid characters/ });
    expect(readPhoneForRegion("12345", "IN")).toMatchObject({
      reason: "Not a valid phone number for country IN",
    });
    expect(readPhoneForRegion("+44 7700 900123", "IN")).toMatchObject({ reason: /for \+44 \(GB\)/ });
    expect(readTypedPhone("9.19877E+11", "IN")).toMatchObject({ reason: /rounded by a spreadsheet/ });
    expect(readPhoneCell("12345", "IN")).toEqual({
      reason: "invalid phone: Not a valid phone number for country IN",
    });
  });

  it("undoes what spreadsheets add and nothing else", () => {
    expect(phoneText(" '+91 98765 43210 ")).toBe("+91 98765 43210");
    expect(phoneText("919876543210.00")).toBe("919876543210");
    expect(phoneText("9.5")).toBe("9.5");
    expect(phoneText("1.5E+1")).toBe("15");
    expect(phoneText("1.25E+1")).toBe("1.25E+1");
    expect(phoneText("9.19877E+11")).toMatchObject({ reason: /format the column as text/ });
  });

  it("keeps a WhatsApp user id as the recipient and refuses a bad number on its path", () => {
    expect(requireRecipient("US.13491208655302741918", "to")).toBe("US.13491208655302741918");
    expect(requireRecipient("+91 98765 43210", "to")).toBe("919876543210");
    expect(() => requireRecipient("9876543210", "subscriberId")).toThrow(
      expect.objectContaining({
        code: "invalid_request",
        details: [expect.objectContaining({ path: "subscriberId" })],
      }),
    );
  });

  it("reads a batch of typed numbers: distinct valid ones sorted, the others by index", () => {
    expect(readTypedPhones(["9876543210", "+91 98765 43210", "12", "919000000001"], "IN")).toEqual({
      valid: ["919000000001", "919876543210"],
      refused: [{ index: 2, phone: "12", reason: "Not a valid phone number for country IN" }],
    });
  });

  it("refuses a user's typed number with a hint for the business's country", () => {
    expect(requireTypedPhone("9876543210", "IN", "phoneNumber")).toBe("919876543210");
    expect(() => requireTypedPhone("12", "IN", "phoneNumber")).toThrow(/write a IN number/);
    expect(() => requireTypedPhone("9876543210", null, "phoneNumber")).toThrow(/no default country/);
  });

  it("knows regions and the region of stored digits", () => {
    expect(countryOf("919876543210")).toBe("IN");
    expect(countryOf("14155550100")).toBe("US");
    expect(isCountryCode("in")).toBe(true);
    expect(isCountryCode("XX")).toBe(false);
  });
});
