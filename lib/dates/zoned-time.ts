/**
 * Wall-clock time in an IANA zone and back, with Intl only (no date library): the dashboard
 * shows and reads times in the business's zone (businesses.time_zone). Pure: client and server.
 */

export type WallParts = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

const formats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date and clock time `at` shows in `timeZone`. */
export function localParts(timeZone: string, at: Date): WallParts {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formats.set(timeZone, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(at)) if (part.type !== "literal") p[part.type] = Number(part.value);
  return p as WallParts;
}

/** The zone's offset from UTC at `at`, in ms (positive east of Greenwich). */
export function offsetMs(timeZone: string, at: Date): number {
  return wallOf(timeZone, at.getTime()) - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant whose wall time in `timeZone` is `wall` (given as UTC fields, e.g.
 * Date.UTC(2026, 10, 26)). A wall time that a daylight-saving change skips reads as the same
 * clock time after the change (02:30 on a spring-forward night -> 03:30); one it repeats reads
 * as its first occurrence.
 */
export function instantAtWall(timeZone: string, wall: number): Date {
  // Subtract the zone's offset, then once more with the offset in force at that instant
  // (they differ across a change).
  const first = wall - offsetMs(timeZone, new Date(wall));
  const second = wall - offsetMs(timeZone, new Date(first));
  // In a skipped hour no instant has this wall time: `second` lands an hour early, `first`
  // on the same clock time after the change.
  return new Date(wallOf(timeZone, second) === wall ? second : first);
}

function wallOf(timeZone: string, at: number): number {
  const p = localParts(timeZone, new Date(at));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
}

const wallPattern = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * A date ("2026-11-26": its midnight) or `datetime-local` value ("2026-11-26T14:05") read in
 * `timeZone`: the instant that wall time names there. Null for anything else.
 */
export function parseWallTime(value: string, timeZone: string): Date | null {
  const m = wallPattern.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0)) as number[];
  const wall = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  const check = new Date(wall);
  // Date.UTC rolls 2026-02-30 over to March: such a date does not exist.
  if (check.getUTCMonth() !== mo! - 1 || check.getUTCDate() !== d! || h! > 23 || mi! > 59 || s! > 59)
    return null;
  return instantAtWall(timeZone, wall);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** `at` as a `datetime-local` value in `timeZone`: "2026-11-26T14:05". */
export function toWallTime(at: Date, timeZone: string): string {
  const p = localParts(timeZone, at);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}
