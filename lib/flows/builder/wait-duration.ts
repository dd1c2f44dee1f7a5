/** The units a wait's duration is entered in; the definition stores minutes. */
export const DURATION_UNITS = ["minutes", "hours", "days"] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];
const MINUTES: Record<DurationUnit, number> = { minutes: 1, hours: 60, days: 60 * 24 };

/** Minutes as the largest unit they are a whole number of (90 -> 90 minutes, 120 -> 2 hours). */
export function durationOf(minutes: number): { amount: number; unit: DurationUnit } {
  if (!Number.isFinite(minutes) || minutes <= 0) return { amount: minutes, unit: "minutes" };
  for (const unit of ["days", "hours"] as const)
    if (minutes % MINUTES[unit] === 0) return { amount: minutes / MINUTES[unit], unit };
  return { amount: minutes, unit: "minutes" };
}

/** An amount of a unit in minutes (rounded to a whole minute). */
export const minutesOf = (amount: number, unit: DurationUnit): number => Math.round(amount * MINUTES[unit]);
