import { invalid } from "../errors";
import { readTypedPhone } from "./typed-reading";

/**
 * Many typed numbers read with the business's default country (opt-out lists, API and
 * dashboard): the distinct valid ones as stored (E.164 digits, sorted) and the others by index.
 */
export function readTypedPhones(
  phones: string[],
  defaultCountry: string | null,
): { valid: string[]; refused: Array<{ index: number; phone: string; reason: string }> } {
  const valid = new Set<string>();
  const refused: Array<{ index: number; phone: string; reason: string }> = [];
  phones.forEach((phone, index) => {
    const r = readTypedPhone(phone, defaultCountry);
    if (r.ok) valid.add(r.e164);
    else refused.push({ index, phone, reason: r.reason });
  });
  return { valid: [...valid].sort(), refused };
}

/**
 * A typed number (a user's phone: G1, G2, the dashboard's user form) as E.164 digits, or a 400
 * on `path` that says how to write it otherwise.
 */
export function requireTypedPhone(raw: string, defaultCountry: string | null, path: string): string {
  const p = readTypedPhone(raw, defaultCountry);
  if (p.ok) return p.e164;
  const hint = defaultCountry
    ? `write a ${defaultCountry} number, or any number with its country code, e.g. +14155550100`
    : "write it with the country code, e.g. +919876543210 (this business has no default country)";
  const message = `${p.reason}: ${hint}`;
  throw invalid(`${path}: ${message}`, [{ path, message }]);
}
