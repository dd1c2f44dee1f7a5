/** Minutes east of UTC of `timeZone` at the instant `ms`. */
function offsetMinutes(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(ms));
  const n = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second"));
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * A wall-clock time typed in the business's zone ("2026-12-01T09:30", a datetime-local value)
 * as ISO 8601 with that zone's offset on that day ("2026-12-01T09:30:00+05:30"), which is what
 * E1's scheduleTime takes. Undefined for an unreadable value.
 */
export function zonedToIso(local: string, timeZone: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return undefined;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // The offset at the guessed instant, then again at the corrected one (DST changes between).
  let offset = offsetMinutes(wall - offsetMinutes(wall, timeZone) * 60_000, timeZone);
  offset = offsetMinutes(wall - offset * 60_000, timeZone);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${local}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The instant `date` as a datetime-local value in `timeZone` (prefill, minimum of the picker). */
export function isoToZoned(date: Date, timeZone: string): string {
  const shifted = new Date(date.getTime() + offsetMinutes(date.getTime(), timeZone) * 60_000);
  return shifted.toISOString().slice(0, 16);
}
