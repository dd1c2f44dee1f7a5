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

const dateOnly = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** "3 Mar 2026" (UTC): for narrow columns; put formatDateTime in the cell's title. */
export function formatDate(d: Date | string | number | null | undefined, empty = "—"): string {
  if (d === null || d === undefined) return empty;
  const date = d instanceof Date ? d : new Date(d);
  return Number.isNaN(date.getTime()) ? empty : dateOnly.format(date);
}

const zoned = new Map<string, Intl.DateTimeFormat>();
function zonedFormat(timeZone: string, seconds: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${seconds}`;
  let f = zoned.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions = {
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      ...(seconds ? { second: "2-digit" } : {}),
      hourCycle: "h23",
      timeZoneName: "short",
    };
    try {
      f = new Intl.DateTimeFormat("en-GB", { ...options, timeZone });
    } catch {
      // A zone this runtime does not know (older ICU): UTC, and the label says so.
      f = new Intl.DateTimeFormat("en-GB", { ...options, timeZone: "UTC" });
    }
    zoned.set(key, f);
  }
  return f;
}

/**
 * "3 Mar 2026, 19:35 GMT+5:30": a time in the business's time zone (businesses.time_zone,
 * IANA), with the zone named so nobody mistakes it for their own. The zone is explicit, so the
 * server and the browser render the same text (no hydration mismatch). `seconds` for timelines
 * whose events are seconds apart.
 */
export function formatInZone(
  d: Date | string | number | null | undefined,
  timeZone: string,
  { seconds = false, empty = "—" }: { seconds?: boolean; empty?: string } = {},
): string {
  if (d === null || d === undefined) return empty;
  const date = d instanceof Date ? d : new Date(d);
  if (Number.isNaN(date.getTime())) return empty;
  return zonedFormat(timeZone, seconds).format(date);
}
