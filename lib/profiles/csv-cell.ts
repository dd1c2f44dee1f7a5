/**
 * A CSV cell a spreadsheet will not run as a formula (OWASP "CSV injection"): text starting
 * with =, +, -, @, tab or carriage return gets a leading apostrophe, which Excel, LibreOffice
 * and Google Sheets show as text. Used for every CSV the dashboard hands out.
 */
export function safeCell(value: unknown): string {
  const text = value === null || value === undefined ? "" : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One CSV line (RFC 4180 quoting) of neutralised cells, ending in CRLF. */
export function csvLine(cells: unknown[]): string {
  return (
    cells
      .map((c) => {
        const t = safeCell(c);
        return /[",\r\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
      })
      .join(",") + "\r\n"
  );
}
