import { parsePhoneNumberFromString as parseFull } from "libphonenumber-js/max";
import { readPhoneForRegion, type PhoneReading } from "./read-phone";
import { phoneText } from "./spreadsheet-text";
import { digitsOnly } from "./typed-phone";

/**
 * A number a person or a client typed, read with the business's default country (null: no
 * default, so the number must carry its country code, as before default countries existed).
 * National forms (9876543210, 09876543210) take the default country; "+" forms and digits that
 * start with the default country's code keep working.
 *
 * Digits without "+" can read both ways: with IN, 14155550100 is "valid" as an Indian number
 * by the lengths-only metadata readPhoneForRegion uses and also a US number written with its
 * code. When the two readings differ, the full metadata decides: the national reading stays
 * unless it is not a real number of the default country and the international one is. So
 * 14155550100 is the US number for an IN business, while 6581234567 (an Indian mobile, also a
 * Singapore number with its code) stays Indian. The full metadata is loaded only for this
 * file, which only typed numbers (one at a time), F1 records without `countrycode` and list
 * cells the cheaper readings refused use.
 */
export function readTypedPhone(raw: string, defaultCountry: string | null): PhoneReading {
  if (!defaultCountry) return readPhoneForRegion(raw);
  const national = readPhoneForRegion(raw, defaultCountry);
  const text = phoneText(raw);
  if (!national.ok || typeof text !== "string" || text.startsWith("+")) return national;
  const international = readPhoneForRegion(`+${digitsOnly(text)}`);
  if (!international.ok || international.e164 === national.e164) return national;
  if (parseFull(`+${national.e164}`)?.isValid()) return national;
  return parseFull(`+${international.e164}`)?.isValid() ? international : national;
}
