import { readInternational } from "./international";
import { plainE164 } from "./plain-e164";
import { readTypedPhone } from "./typed-reading";

/**
 * A list's phone cell (a CSV of a promotion or the wizard) as E.164 digits, or why it is not a
 * phone number. Cheapest first, as a million-row file needs: plain E.164 digits proven valid
 * without a parse (plain-e164.ts), else with its country code as B1 reads subscriberId, else a
 * national number of the business's default country. A number valid both ways (an Indian
 * mobile that is also a Singapore number with its code) is taken with its code: the spec's
 * lists carry country codes.
 */
export function readPhoneCell(raw: string, defaultCountry: string | null): string | { reason: string } {
  const e164 = plainE164(raw) ?? readInternational(raw);
  if (e164 !== undefined) return e164;
  const typed = readTypedPhone(raw, defaultCountry);
  return typed.ok ? typed.e164 : { reason: `invalid phone: ${typed.reason}` };
}
