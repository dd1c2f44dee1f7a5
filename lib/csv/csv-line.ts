/**
 * The one CSV rule for every file the product hands out (reports, refused rows, profile
 * exports, import reports), safe to open in a spreadsheet (OWASP "CSV injection"): a value
 * starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading single quote,
 * which Excel, LibreOffice and Google Sheets show as text; then it is quoted (RFC 4180) when it
 * holds a comma, a quote or a line break.
 */
export function csvCell(value: unknown): string {
  let v = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** One CSV line of csvCell cells, ending in CRLF. */
export const csvLine = (cells: readonly unknown[]): string => `${cells.map(csvCell).join(",")}\r\n`;

/**
 * csvCell as a SQL expression over the text expression `expr` (NULL: an empty cell), for
 * reports PostgreSQL formats itself: the same prefix and quoting rules, so the bytes are the
 * same as csvCell's (compared in the report's tests).
 */
export function csvCellSql(expr: string): string {
  const quoted = (v: string) =>
    `CASE WHEN ${v} ~ '[",\\r\\n]' THEN '"' || replace(${v}, '"', '""') || '"' ELSE ${v} END`;
  return `(CASE WHEN ${expr} IS NULL THEN '' WHEN ${expr} ~ '^[=+@\\t\\r-]' THEN ${quoted(`('''' || ${expr})`)} ELSE ${quoted(expr)} END)`;
}
