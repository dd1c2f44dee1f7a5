import { parsePhoneNumberFromString as parseFull } from "libphonenumber-js/max";
import { normalisePhone, type NormalisedPhone } from "./normalise-phone";

/**
 * A number a person or a client typed, read with the business's default country (null: no
 * default, so the number must carry its country code, as before default countries existed).
 * National forms (9876543210, 09876543210) take the default country; "+" forms and digits that
 * start with the default country's code keep working.
 *
 * Digits without "+" can read both ways: with IN, 14155550100 is "valid" as an Indian number
 * by the lengths-only metadata normalisePhone uses and also a US number written with its code.
 * When the two readings differ, the full metadata decides: the national reading stays unless
 * it is not a real number of the default country and the international one is. So 14155550100
 * is the US number for an IN business, while 6581234567 (an Indian mobile, also a Singapore
 * number with its code) stays Indian. The full metadata is loaded only for this file, which
 * only typed numbers (one at a time) and F1 records without `countrycode` use.
 */
export function normaliseTypedPhone(raw: string, defaultCountry: string | null): NormalisedPhone {
  if (!defaultCountry) return normalisePhone(raw);
  const national = normalisePhone(raw, defaultCountry);
  const text = raw.trim();
  if (!national.ok || text.startsWith("+")) return national;
  const international = normalisePhone(`+${text.replace(/\D/g, "")}`);
  if (!international.ok || international.e164 === national.e164) return national;
  if (parseFull(`+${national.e164}`)?.isValid()) return national;
  return parseFull(`+${international.e164}`)?.isValid() ? international : national;
}
