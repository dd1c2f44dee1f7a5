import { getCountryCallingCode, type CountryCode } from "libphonenumber-js";
import { readTypedPhone } from "./typed-reading";

/**
 * The digit prefixes a typed number filter matches among stored numbers (E.164 digits
 * without "+"). The digits as typed always match (a number with its country code, or the start
 * of one). With a default country, a national number matches too: a whole one as its E.164
 * form (9876543210 -> 919876543210 for IN), a partial one as the country code followed by the
 * digits without a leading trunk 0 (98765 -> 9198765, 07911 -> 447911 for GB).
 */
export function numberPrefixes(typed: string, defaultCountry: string | null): string[] {
  const digits = typed.replace(/\D/g, "");
  if (!digits) return [];
  const prefixes = new Set([digits]);
  if (defaultCountry && !typed.trim().startsWith("+")) {
    const whole = readTypedPhone(typed, defaultCountry);
    if (whole.ok) prefixes.add(whole.e164);
    else prefixes.add(`${getCountryCallingCode(defaultCountry as CountryCode)}${digits.replace(/^0/, "")}`);
  }
  return [...prefixes];
}
