import { getCountries, getCountryCallingCode } from "libphonenumber-js";

export type CountryOption = { value: string; label: string };

/**
 * The countries a default country may be, for select inputs: every region libphonenumber knows,
 * named in English with its calling code ("India (+91)"), sorted by name. Built on the server
 * so client bundles need not carry the phone metadata.
 */
export function countryOptions(): CountryOption[] {
  const names = new Intl.DisplayNames(["en"], { type: "region" });
  return getCountries()
    .map((code) => ({
      value: code,
      label: `${names.of(code) ?? code} (+${getCountryCallingCode(code)})`,
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
