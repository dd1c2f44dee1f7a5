import { parsePhoneNumberFromString } from "libphonenumber-js";

/** A sender as people read it; client code imports this file (no database, no server code). */
export type SenderNames = {
  channel: "chatapp" | "rcs";
  sender: string;
  displayName: string | null;
  /** E.164 digits without "+". */
  displayNumber: string | null;
};

/** "+91 98765 43210" for E.164 digits; the digits with "+" when the library cannot group them. */
export function formatDisplayNumber(digits: string): string {
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  return parsed ? parsed.formatInternational() : `+${digits}`;
}

/**
 * "Name (+91 98765 43210)" for a number with its name, the number alone or "Name (RCS agent)"
 * when one part is missing, and the raw id only when nothing is known about the sender.
 */
export function senderLabel(s: SenderNames): string {
  const number = s.displayNumber ? formatDisplayNumber(s.displayNumber) : null;
  const name = s.displayName?.trim() || null;
  if (name && number) return `${name} (${number})`;
  if (number) return number;
  if (name) return s.channel === "rcs" ? `${name} (RCS agent)` : name;
  return s.channel === "rcs" ? `RCS agent ${s.sender}` : `WhatsApp sender ${s.sender}`;
}
