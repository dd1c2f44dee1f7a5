import { localDate } from "../business-hours/open-at";

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

function iso(y: number, m: number, d: number): string | undefined {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || y > 2200) return undefined;
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return undefined;
  return `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}
const month = (name: string) => {
  const i = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return i < 0 ? undefined : i + 1;
};

/**
 * A date answer as an ISO date (YYYY-MM-DD), or undefined: 2026-12-24, 24/12/2026 (day first,
 * also with - or .), 24 Dec 2026, Dec 24 2026, December 24, 2026, and today / tomorrow in the
 * business's time zone (docs/flows.md, "Dates").
 */
export function readDate(text: string, now: Date, timeZone: string): string | undefined {
  const t = text.trim().toLowerCase().replace(/\s+/g, " ");
  const rel = { today: 0, tomorrow: 1 }[t];
  if (rel !== undefined) return localDate(new Date(now.getTime() + rel * 86_400_000), timeZone);
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  if (m) return iso(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})(?:st|nd|rd|th)? ([a-z]+)\.?,? (\d{4})$/.exec(t);
  if (m) {
    const mo = month(m[2]!);
    return mo ? iso(Number(m[3]), mo, Number(m[1])) : undefined;
  }
  m = /^([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/.exec(t);
  if (m) {
    const mo = month(m[1]!);
    return mo ? iso(Number(m[3]), mo, Number(m[2])) : undefined;
  }
  return undefined;
}
