import { offsetMs, parseWallTime, toWallTime } from "@/lib/dates/zoned-time";

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * A wall-clock time typed in the business's zone ("2026-12-01T09:30", a datetime-local value)
 * as ISO 8601 with that zone's offset on that day ("2026-12-01T09:30:00+05:30"), which is what
 * E1's scheduleTime takes. Undefined for an unreadable value.
 */
export function zonedToIso(local: string, timeZone: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return undefined;
  const at = parseWallTime(local, timeZone);
  if (!at) return undefined;
  const offset = Math.round(offsetMs(timeZone, at) / 60_000);
  const abs = Math.abs(offset);
  return `${toWallTime(at, timeZone)}:00${offset < 0 ? "-" : "+"}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The instant `date` as a datetime-local value in `timeZone` (prefill, minimum of the picker). */
export const isoToZoned = (date: Date, timeZone: string): string => toWallTime(date, timeZone);
