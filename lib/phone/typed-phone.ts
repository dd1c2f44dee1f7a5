import { z } from "zod";

// Spaces (also no-break), dots, parentheses and the dashes people and word processors type.
const SEPARATORS = /[\s\u00a0().\-\u2010-\u2015]/g;

/**
 * A phone number as a person writes it ("+91 98123 40002", "(415) 555-0100", "0791-123 456")
 * reduced to its digits and a leading "+" when it had one ("+919812340002"). Every dashboard
 * form and filter that takes a number runs it through this (via `typedPhone`), and so does
 * every server reading (read-phone.ts), so what is accepted in one place is accepted everywhere.
 * Anything else (letters, a "+" in the middle) is left in place for the digit check to refuse.
 * Client-safe (no libphonenumber).
 */
export function typedDigits(raw: string): string {
  return raw.trim().replace(SEPARATORS, "");
}

/**
 * Every digit of a text and nothing else: a number as a provider reports it ("+91 98...",
 * "9198..."), or the digits of a search box, matched against stored E.164 digits.
 */
export const digitsOnly = (v: string): string => v.replace(/\D/g, "");

/**
 * A zod field for a typed number: separators removed, then `min`-`max` digits with an optional
 * leading "+". Client-safe (no libphonenumber): the server still decides whether the number
 * exists, with the business's default country.
 */
export function typedPhone(message: string, { min = 6, max = 15 }: { min?: number; max?: number } = {}) {
  const shape = new RegExp(`^\\+?\\d{${min},${max}}$`);
  return z.string().trim().transform(typedDigits).pipe(z.string().regex(shape, message));
}
