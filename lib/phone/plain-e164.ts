import { Metadata } from "libphonenumber-js";
import metadata from "libphonenumber-js/min/metadata";

/** A calling code's plan as patterns over the whole number (code included): one test, no slicing. */
type Plan = { pattern: RegExp; nationalPrefix: RegExp | undefined };

/** The parts of libphonenumber-js's Metadata class the parser itself uses (untyped in its .d.ts). */
type MetadataInternals = {
  hasCallingCode(code: string): boolean;
  getCountryCodesForCallingCode(code: string): string[] | undefined;
  selectNumberingPlan(code: string): void;
  hasTypes(): boolean;
  numberingPlan: { nationalNumberPattern(): string; nationalPrefixForParsing(): string | undefined };
};
const MetadataClass = Metadata as unknown as new (json: unknown) => MetadataInternals;

/**
 * Per leading digits: the one country's plan of that calling code, null when the code needs
 * the full parse, undefined when the digits are no calling code.
 */
const plans = new Map<string, Plan | null | undefined>();

function planOf(callingCode: string): Plan | null | undefined {
  if (plans.has(callingCode)) return plans.get(callingCode);
  const meta = new MetadataClass(metadata);
  let plan: Plan | null | undefined;
  if (!meta.hasCallingCode(callingCode)) plan = undefined;
  else {
    const countries = meta.getCountryCodesForCallingCode(callingCode) ?? [];
    meta.selectNumberingPlan(callingCode);
    const numbering = meta.numberingPlan;
    // Shared calling codes (NANPA's 1, 7, 44, ...) pick their country by type patterns: full parse.
    if (countries.length !== 1 || meta.hasTypes()) plan = null;
    else {
      const prefix = numbering.nationalPrefixForParsing();
      plan = {
        pattern: new RegExp(`^${callingCode}(?:${numbering.nationalNumberPattern()})$`),
        nationalPrefix: prefix ? new RegExp(`^${callingCode}(?:${prefix})`) : undefined,
      };
    }
  }
  plans.set(callingCode, plan);
  return plan;
}

const PLAIN = /^[1-9]\d{5,14}$/;

/** planOf by the number's first 1, 2 and 3 digits as a number (10 + 100 + 1000 entries). */
const byDigits: Array<Plan | null | undefined | false> = new Array(1110).fill(false);

function planByDigits(raw: string, digits: number): Plan | null | undefined {
  let n = 0;
  for (let i = 0; i < digits; i++) n = n * 10 + raw.charCodeAt(i) - 48;
  const at = (digits === 1 ? 0 : digits === 2 ? 10 : 110) + n;
  const known = byDigits[at];
  if (known !== false) return known;
  const plan = planOf(raw.slice(0, digits));
  byDigits[at] = plan;
  return plan;
}

/**
 * The cheap proof that a phone cell is ALREADY a valid E.164 number in plain digits (no "+",
 * no separators), so the list intake can skip libphonenumber's parse (~10 µs a number, most of
 * a 1M-row upload's CPU). It retraces what `parsePhoneNumberFromString("+" + digits).isValid()`
 * does with the default ("min") metadata, for the cases where that is one regular expression:
 * the calling code (1-3 digits) belongs to ONE country whose plan has no type patterns, the
 * rest does not start with the country's national prefix (the parser would try to strip it),
 * and the rest matches the country's national number pattern. Then the parse answers "valid"
 * with the same digits. Every other case answers `undefined`: the caller runs the full parse,
 * so a refused number and its reason never come from here. plain-e164.test.ts compares the
 * two over every calling code.
 */
export function plainE164(raw: string): string | undefined {
  if (!PLAIN.test(raw)) return undefined;
  for (let i = 1; i <= 3; i++) {
    const plan = planByDigits(raw, i);
    if (plan === undefined) continue;
    if (plan === null) return undefined;
    if (raw.length < i + 2 || plan.nationalPrefix?.test(raw)) return undefined;
    return plan.pattern.test(raw) ? raw : undefined;
  }
  return undefined;
}
