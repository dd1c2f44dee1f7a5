import { parsePhoneNumberFromString } from "libphonenumber-js";
import { isWhatsAppUserId } from "../../channels/whatsapp-user-id";
import { AppError } from "../../errors";
import { phoneDigits } from "../../validation/typed-phone";

/**
 * Validates a recipient with libphonenumber-js and returns it as E.164 digits without '+', the
 * form every table and provider call uses. The syntax (with or without '+') is the route
 * contract's business; this checks the number is a possible number of a real region.
 */
export function parseRecipient(raw: string, path: string): string {
  // A WhatsApp user id (only A1's contract lets one through) is the customer's address as is.
  if (isWhatsAppUserId(raw.trim())) return raw.trim();
  const e164 = tryParseRecipient(raw);
  if (e164 === undefined) {
    const message = `'${raw}' is not a valid phone number with its country code`;
    throw new AppError("invalid_request", message, [{ path, message }]);
  }
  return e164;
}

const SPREADSHEET_NUMBER = /(?<=^\+?\d{6,15})\.0+$/;

// Parsing is the costliest step of a single send after the database (about 0.1 ms); senders
// message the same numbers again and again, so recent answers are kept.
const recent = new Map<string, string | null>();
const RECENT_LIMIT = 20_000;

/** As parseRecipient, for many numbers: the invalid ones are reported by path, not thrown. */
export function tryParseRecipient(raw: string): string | undefined {
  const hit = recent.get(raw);
  if (hit !== undefined) return hit ?? undefined;
  // Typed forms too ("+91 98123 40002"): the dashboard's number fields send what people write.
  // A spreadsheet's number cell ("919876500002.0", what Excel or pandas writes for a number
  // column) is that number.
  const digits = phoneDigits(raw.trim().replace(SPREADSHEET_NUMBER, "")).replace(/^\+/, "");
  const parsed = /^\d{6,15}$/.test(digits) ? parsePhoneNumberFromString(`+${digits}`) : undefined;
  const value = parsed?.isValid() ? parsed.number.slice(1) : null;
  if (recent.size >= RECENT_LIMIT) recent.clear();
  recent.set(raw, value);
  return value ?? undefined;
}
