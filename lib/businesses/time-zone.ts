import { z } from "zod";

/**
 * The IANA zones this runtime knows, plus "UTC" (V8's list names only canonical zones and
 * leaves "UTC" out, yet it is what most people type and the column's default).
 */
export function timeZoneNames(): string[] {
  return ["UTC", ...Intl.supportedValuesOf("timeZone").filter((z) => z !== "UTC")];
}

/**
 * The zones as select options ("Asia/Kolkata", shown "Asia/Kolkata" with spaces for "_"); a
 * stored link name the runtime does not list (Asia/Kolkata on Node 20) stays selectable.
 */
export function timeZoneOptions(current?: string): Array<{ value: string; label: string }> {
  const names = timeZoneNames();
  const all = current && !names.includes(current) ? [current, ...names] : names;
  return all.map((z) => ({ value: z, label: z.replaceAll("_", " ") }));
}

/**
 * The zone as stored: a real IANA zone, spelled as the runtime lists it when it differs only
 * by case ("asia/tokyo" -> "Asia/Tokyo"); names the list lacks are kept as given (Node 20's
 * ICU lists "Asia/Calcutta" where newer ones list "Asia/Kolkata"; Intl accepts both). Undefined for anything Intl rejects (offsets like "+05:30"
 * included: a fixed offset does not follow daylight saving time).
 */
export function canonicalTimeZone(raw: string): string | undefined {
  const tz = raw.trim();
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(tz)) return undefined;
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
  } catch {
    return undefined;
  }
  const lower = tz.toLowerCase();
  return timeZoneNames().find((n) => n.toLowerCase() === lower) ?? tz;
}

/** A business's time zone (businesses.time_zone): an IANA name such as "Asia/Kolkata". */
export const timeZone = z
  .string({ error: "An IANA time zone, e.g. Asia/Kolkata or UTC" })
  .max(64, "At most 64 characters")
  .transform((v, ctx) => {
    const tz = canonicalTimeZone(v);
    if (tz === undefined) {
      ctx.addIssue({ code: "custom", message: `'${v}' is not an IANA time zone (e.g. Asia/Kolkata, UTC)` });
      return z.NEVER;
    }
    return tz;
  });
