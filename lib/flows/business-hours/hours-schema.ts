import { z } from "zod";
import { canonicalTimeZone } from "@/lib/businesses/time-zone";

const Time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "A time as HH:MM");
const Interval = z
  .object({ open: Time, close: Time })
  .refine((i) => i.open < i.close, { message: "Closes after it opens", path: ["close"] });

/**
 * A business's opening hours: for each weekday (0 Sunday .. 6 Saturday) the intervals it is
 * open (none: closed that day), in its IANA time zone; holidays are local dates it is closed.
 */
export const BusinessHoursInput = z.object({
  // Stored by its IANA name whatever alias was given (Asia/Calcutta -> Asia/Kolkata), as the
  // business's own time zone is.
  timeZone: z
    .string()
    .trim()
    .min(1, "Choose a time zone")
    .refine((tz) => canonicalTimeZone(tz) !== undefined, "Not a known time zone, e.g. Asia/Kolkata")
    .transform((tz) => canonicalTimeZone(tz)!),
  week: z
    .array(z.array(Interval).max(3, "At most 3 intervals a day"))
    .length(7, "One entry per weekday, Sunday first"),
  holidays: z
    .array(z.iso.date("A date as YYYY-MM-DD"))
    .max(366)
    .default([])
    .transform((d) => [...new Set(d)].sort()),
  /** The inbox's notice when the business is closed or no agent is on shift; empty: none. */
  awayText: z.string().trim().max(1024, "At most 1,024 characters").default(""),
});
export type BusinessHoursInput = z.input<typeof BusinessHoursInput>;
export type BusinessHours = z.output<typeof BusinessHoursInput>;
