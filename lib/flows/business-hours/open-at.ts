import { TZDate } from "@date-fns/tz";
import type { BusinessHours } from "./hours-schema";

type Hours = Pick<BusinessHours, "timeZone" | "week" | "holidays">;

const pad = (n: number) => String(n).padStart(2, "0");
/** The local date (YYYY-MM-DD) of `at` in `timeZone`. */
export function localDate(at: Date, timeZone: string): string {
  const d = new TZDate(at, timeZone);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Whether the schedule is open at `at`: its local weekday's intervals, not on a holiday. */
export function openAt(hours: Hours, at: Date): boolean {
  const d = new TZDate(at, hours.timeZone);
  if (hours.holidays.includes(localDate(at, hours.timeZone))) return false;
  const hm = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return (hours.week[d.getDay()] ?? []).some((i) => i.open <= hm && hm < i.close);
}

/**
 * Whether the schedule was open at some moment between `from` and `to` (a closed period ended
 * in between), checked at each interval's opening, local day by local day (at most 40 days).
 */
export function openedBetween(hours: Hours, from: Date, to: Date): boolean {
  if (openAt(hours, from)) return true;
  const start = new TZDate(from, hours.timeZone);
  for (let day = 0; day <= 40; day++) {
    const base = new TZDate(start.getFullYear(), start.getMonth(), start.getDate() + day, hours.timeZone);
    if (base.getTime() > to.getTime()) return false;
    for (const i of hours.week[base.getDay()] ?? []) {
      const [h, m] = i.open.split(":").map(Number) as [number, number];
      const opens = new TZDate(base.getFullYear(), base.getMonth(), base.getDate(), h, m, hours.timeZone);
      if (opens.getTime() > from.getTime() && opens.getTime() <= to.getTime() && openAt(hours, opens))
        return true;
    }
  }
  return false;
}
