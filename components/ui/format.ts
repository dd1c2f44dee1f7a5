const dateTime = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});

/**
 * "3 Mar 2026, 14:05 UTC". A fixed time zone keeps the server-rendered and hydrated text
 * identical (no hydration mismatch) and matches the API's epoch/UTC timestamps.
 */
export function formatDateTime(d: Date | string | number | null | undefined, empty = "—"): string {
  if (d === null || d === undefined) return empty;
  const date = d instanceof Date ? d : new Date(d);
  if (Number.isNaN(date.getTime())) return empty;
  return `${dateTime.format(date)} UTC`;
}
