import { z } from "zod";

/**
 * Zones that ICU (and so Node's Intl) still lists and resolves under an old name that the IANA
 * database now keeps only as an alias ("backward" links). Node 20 lists "Asia/Calcutta" where
 * IANA, Meta and Google name the zone "Asia/Kolkata": the list and the stored value use the
 * IANA name, and both names are accepted.
 */
const ianaNames: Readonly<Record<string, string>> = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Mendoza": "America/Argentina/Mendoza",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};

const iana = (name: string) => ianaNames[name] ?? name;

/**
 * The IANA zones this runtime knows, by their IANA names, sorted, plus "UTC" first (V8's list
 * leaves "UTC" out, yet it is what most people type and the column's default).
 */
export function timeZoneNames(): string[] {
  const names = Intl.supportedValuesOf("timeZone")
    .filter((z) => z !== "UTC")
    .map(iana);
  return ["UTC", ...[...new Set(names)].sort()];
}

/**
 * The zones as select options ("Asia/Kolkata", shown "Asia/Kolkata" with spaces for "_"); a
 * stored name the list lacks stays selectable.
 */
export function timeZoneOptions(current?: string): Array<{ value: string; label: string }> {
  const names = timeZoneNames();
  const all = current && !names.includes(current) ? [current, ...names] : names;
  return all.map((z) => ({ value: z, label: z.replaceAll("_", " ") }));
}

/**
 * The zone as stored: its canonical IANA name, whatever alias was given ("Asia/Calcutta" and
 * "asia/kolkata" -> "Asia/Kolkata", "US/Eastern" -> "America/New_York", "Etc/UTC" and "GMT"
 * -> "UTC"). Undefined for anything Intl rejects (offsets like "+05:30" included: a fixed
 * offset does not follow daylight saving time).
 */
export function canonicalTimeZone(raw: string): string | undefined {
  const tz = raw.trim();
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(tz)) return undefined;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat("en", { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
  // ICU resolves an alias to its own canonical id (which may be the old name), UTC's aliases
  // to "UTC"; the IANA name of that id is what we store.
  return iana(resolved);
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
