/** `919876500002.0`: a number column written as a decimal (Excel, pandas). */
const DECIMAL_ZERO = /(?<=^\+?\d{6,15})\.0+$/;
/** `9.19876543215E+11`: a number column in scientific notation. */
const SCIENTIFIC = /^([1-9])(?:\.(\d+))?[eE]\+?(\d{1,2})$/;

/**
 * A phone cell as a person or a spreadsheet wrote it, with what the spreadsheet added taken
 * off, trimmed; separators are left for typedDigits. Every reading (read-phone.ts,
 * international.ts) starts here, so a list, a profile upload and a typed field take the same
 * forms:
 * - a leading apostrophe, a spreadsheet's "this cell is text" mark (and what CSV exports put
 *   before a cell that starts with "+"): removed;
 * - `919876500002.0`: the number;
 * - scientific notation that carries every digit (`9.19876543215E+11`): the number;
 * - scientific notation with digits left out (`9.19877E+11`, also `9.1987654321E+11`): refused.
 *   The spreadsheet rounded the number to fit its column, and the zeros it implies cannot be
 *   told from rounded-away digits (919876543215 shown at 11 digits is `9.1987654322E+11`), so
 *   reading it would message somebody else.
 */
export function phoneText(raw: string): string | { reason: string } {
  let text = raw.trim();
  if (text.charCodeAt(0) === 39 /* ' */) text = text.slice(1).trim();
  if (text.includes(".")) text = text.replace(DECIMAL_ZERO, "");
  if (text.length < 24 && (text.includes("E") || text.includes("e"))) {
    const m = SCIENTIFIC.exec(text);
    if (m) {
      const fraction = m[2] ?? "";
      const exponent = Number(m[3]);
      if (fraction.length === exponent) return m[1]! + fraction;
      if (fraction.length < exponent)
        return {
          reason: `Phone number was rounded by a spreadsheet (${text}): format the column as text and export it again`,
        };
    }
  }
  return text;
}
