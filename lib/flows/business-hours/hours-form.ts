import { z } from "zod";
import type { BusinessHours } from "./hours-schema";

export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The dashboard's hours card: one interval per weekday (both times empty: closed), holidays
 * one date per line; turned into BusinessHoursInput (which the server checks again).
 */
export const HoursForm = z
  .object({
    timeZone: z.string().trim().min(1, "Choose a time zone"),
    days: z
      .array(
        z.object({ open: z.string().trim(), close: z.string().trim() }).superRefine((d, ctx) => {
          if (!d.open && !d.close) return;
          if (!TIME.test(d.open))
            ctx.addIssue({ code: "custom", path: ["open"], message: "HH:MM, e.g. 09:00" });
          if (!TIME.test(d.close))
            ctx.addIssue({ code: "custom", path: ["close"], message: "HH:MM, e.g. 17:30" });
          else if (TIME.test(d.open) && d.open >= d.close)
            ctx.addIssue({ code: "custom", path: ["close"], message: "Closes after it opens" });
        }),
      )
      .length(7),
    holidays: z.string().superRefine((v, ctx) => {
      const bad = lines(v).find((l) => !isDate(l));
      if (bad !== undefined)
        ctx.addIssue({
          code: "custom",
          message: `"${bad.slice(0, 40)}" is not a date: write it as YYYY-MM-DD`,
        });
    }),
    awayText: z.string().trim().max(1024, "At most 1,024 characters"),
  })
  .transform((v) => ({
    timeZone: v.timeZone,
    week: v.days.map((d) => (d.open ? [{ open: d.open, close: d.close }] : [])),
    holidays: lines(v.holidays),
    awayText: v.awayText,
  }));

/** A real calendar date written YYYY-MM-DD (not 2026-02-30): the server's own check. */
const isDate = (l: string) => z.iso.date().safeParse(l).success;

const lines = (v: string) =>
  v
    .split(/\s*\n\s*/)
    .map((l) => l.trim())
    .filter(Boolean);

/** The form's values for saved hours (none: closed at weekends, 09:00-17:00 otherwise, UTC). */
export function hoursFormValues(h: BusinessHours | null): z.input<typeof HoursForm> {
  return {
    timeZone: h?.timeZone ?? "UTC",
    days: Array.from({ length: 7 }, (_, i) => {
      const first = h ? h.week[i]?.[0] : i === 0 || i === 6 ? undefined : { open: "09:00", close: "17:00" };
      return { open: first?.open ?? "", close: first?.close ?? "" };
    }),
    holidays: (h?.holidays ?? []).join("\n"),
    awayText: h?.awayText ?? "",
  };
}
