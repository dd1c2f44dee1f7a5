import { instantAtWall, localParts } from "../../dates/zoned-time";

/**
 * The coming midnight in `timeZone` after `now`: the first instant of the next calendar day
 * there (C1's default `promotionExpiry`). Where a daylight-saving change skips midnight, the
 * first instant that exists that day (e.g. 01:00).
 */
export function nextMidnight(timeZone: string, now: Date = new Date()): Date {
  const today = localParts(timeZone, now);
  // Date.UTC normalises day overflow (31 + 1 -> the 1st of the next month).
  const wall = Date.UTC(today.year, today.month - 1, today.day + 1, 0, 0, 0);
  let at = instantAtWall(timeZone, wall).getTime();
  // A skipped midnight lands before the day starts locally; the day starts at the gap's end.
  const got = localParts(timeZone, new Date(at));
  if (Date.UTC(got.year, got.month - 1, got.day) < wall) at += 60 * 60 * 1000;
  return new Date(at);
}
