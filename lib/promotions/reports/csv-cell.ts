/**
 * One CSV cell, safe to open in a spreadsheet (OWASP "CSV injection"): a value starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with a single quote so it is
 * read as text, never as a formula; then quoted (RFC 4180) when it holds a comma, a quote or a
 * line break.
 */
export function csvCell(value: string | number | null | undefined): string {
  let v = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export const csvLine = (cells: Array<string | number | null | undefined>): string =>
  `${cells.map(csvCell).join(",")}\r\n`;
