import { parsePhoneNumberFromString } from "libphonenumber-js";
import { AppError } from "../errors";
import { phoneText } from "./spreadsheet-text";
import { typedDigits } from "./typed-phone";
import { isWhatsAppUserId } from "./whatsapp-user-id";

/**
 * A message's recipient (`to`, `subscriberId`, a test number) as E.164 digits without '+', the
 * form every table and provider call uses, or a 400 on `path`. The number must carry its
 * country code: sends never take the business's default country (the spec's "with country
 * code"). The syntax (with or without '+') is the route contract's business; this checks the
 * number is a possible number of a real region.
 */
export function requireRecipient(raw: string, path: string): string {
  // A WhatsApp user id (only A1's contract lets one through) is the customer's address as is.
  if (isWhatsAppUserId(raw.trim())) return raw.trim();
  const e164 = readInternational(raw);
  if (e164 === undefined) {
    const message = `'${raw}' is not a valid phone number with its country code`;
    throw new AppError("invalid_request", message, [{ path, message }]);
  }
  return e164;
}

// Parsing is the costliest step of a single send after the database (about 0.1 ms); senders
// message the same numbers again and again, so recent answers are kept.
const recent = new Map<string, string | null>();
const RECENT_LIMIT = 20_000;

/**
 * A number with its country code (with or without '+', in typed and spreadsheet forms) as
 * E.164 digits, or undefined: as requireRecipient, for many numbers, where the invalid ones are
 * reported by the caller (by path or as a refused row), not thrown.
 */
export function readInternational(raw: string): string | undefined {
  const hit = recent.get(raw);
  if (hit !== undefined) return hit ?? undefined;
  // Typed forms too ("+91 98123 40002"): the dashboard's number fields send what people write.
  const text = phoneText(raw);
  const digits = typeof text === "string" ? typedDigits(text).replace(/^\+/, "") : "";
  const parsed = /^\d{6,15}$/.test(digits) ? parsePhoneNumberFromString(`+${digits}`) : undefined;
  const value = parsed?.isValid() ? parsed.number.slice(1) : null;
  if (recent.size >= RECENT_LIMIT) recent.clear();
  recent.set(raw, value);
  return value ?? undefined;
}
