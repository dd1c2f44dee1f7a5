import { getCountries, getCountryCallingCode } from "libphonenumber-js";

/**
 * SQL: the country calling code of an E.164 number (digits, no '+'), the stratum of an A/B
 * draw. Calling codes are prefix-free (ITU-T E.164), so the one of 1, 2 or 3 digits that is
 * known is the number's; an unknown prefix falls back to its first 3 digits.
 */
export function callingCodeSql(phone: string): string {
  const codes = [...new Set(getCountries().map((c) => String(getCountryCallingCode(c))))];
  const of = (n: number) =>
    codes
      .filter((c) => c.length === n)
      .sort()
      .map((c) => `'${c}'`)
      .join(",");
  return `CASE WHEN left(${phone}, 1) IN (${of(1)}) THEN left(${phone}, 1)
    WHEN left(${phone}, 2) IN (${of(2)}) THEN left(${phone}, 2) ELSE left(${phone}, 3) END`;
}
