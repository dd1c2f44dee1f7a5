/**
 * How `rcsNumbers` of the capability callback are masked (spec: "masked numbers"; the format
 * is not shown): the country-code end and the last four digits stay, every digit between
 * becomes `X`, so `919876543210` -> `91XXXXXX3210`. The business can match a number it sent
 * without the callback carrying the full number. Numbers of 7 digits or fewer keep only their
 * last two.
 */
export function maskPhone(digits: string): string {
  if (digits.length <= 7) return "X".repeat(Math.max(0, digits.length - 2)) + digits.slice(-2);
  return digits.slice(0, 2) + "X".repeat(digits.length - 6) + digits.slice(-4);
}
