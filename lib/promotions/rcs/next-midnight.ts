/**
 * The coming midnight in `timeZone` after `now`: the first instant of the next calendar day
 * there (C1's default `promotionExpiry`). Where a daylight-saving change skips midnight, the
 * first instant that exists that day (e.g. 01:00).
 */
export function nextMidnight(timeZone: string, now: Date = new Date()): Date {
  const today = localParts(timeZone, now);
  // Date.UTC normalises day overflow (31 + 1 -> the 1st of the next month).
  const wall = Date.UTC(today.year, today.month - 1, today.day + 1, 0, 0, 0);
  // The instant whose local wall time is `wall`: subtract the zone's offset, then once more
  // with the offset in force at that instant (they differ across a DST change).
  let at = wall - offsetMs(timeZone, new Date(wall));
  at = wall - offsetMs(timeZone, new Date(at));
  // A skipped midnight lands before the day starts locally; the day starts at the gap's end.
  const got = localParts(timeZone, new Date(at));
  if (Date.UTC(got.year, got.month - 1, got.day) < wall) at += 60 * 60 * 1000;
  return new Date(at);
}

type Parts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const formats = new Map<string, Intl.DateTimeFormat>();

function localParts(timeZone: string, at: Date): Parts {
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
  return p as Parts;
}

/** The zone's offset from UTC at `at`, in ms (positive east of Greenwich). */
function offsetMs(timeZone: string, at: Date): number {
  const p = localParts(timeZone, at);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}
