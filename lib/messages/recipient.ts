import { parsePhoneNumberFromString } from "libphonenumber-js";
import { AppError } from "../errors";

/**
 * Validates a recipient with libphonenumber-js and returns it as E.164 digits without '+', the
 * form every table and provider call uses. The syntax (with or without '+') is the route
 * contract's business; this checks the number is a possible number of a real region.
 */
export function parseRecipient(raw: string, path: string): string {
  const digits = raw.trim().replace(/^\+/, "");
  const parsed = /^\d{6,15}$/.test(digits) ? parsePhoneNumberFromString(`+${digits}`) : undefined;
  if (!parsed || !parsed.isValid()) {
    const message = `'${raw}' is not a valid phone number with its country code`;
    throw new AppError("invalid_request", message, [{ path, message }]);
  }
  return parsed.number.slice(1);
}

/** As parseRecipient, for many numbers: the invalid ones are reported by path, not thrown. */
export function tryParseRecipient(raw: string): string | undefined {
  const digits = raw.trim().replace(/^\+/, "");
  if (!/^\d{6,15}$/.test(digits)) return undefined;
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  return parsed?.isValid() ? parsed.number.slice(1) : undefined;
}
