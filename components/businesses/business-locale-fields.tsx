"use client";

import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import type { CountryOption } from "@/lib/businesses/country-options";

/**
 * A business's Default country (how the national numbers its people type are read; none is
 * allowed) and Time zone (IANA), each with the hint the page gives.
 */
export function BusinessLocaleFields<
  T extends FieldValues & { defaultCountry?: unknown; timeZone?: unknown },
>({
  form,
  countries,
  timeZones,
  hints,
}: {
  form: UseFormReturn<T, any, any>;
  countries: CountryOption[];
  timeZones: CountryOption[];
  hints: { defaultCountry: string; timeZone: string };
}) {
  return (
    <>
      <FormField
        form={form}
        name={"defaultCountry" as Path<T>}
        kind="select"
        label="Default country"
        placeholder="None: numbers need their country code"
        options={countries}
        hint={hints.defaultCountry}
      />
      <FormField
        form={form}
        name={"timeZone" as Path<T>}
        kind="select"
        label="Time zone"
        options={timeZones}
        hint={hints.timeZone}
      />
    </>
  );
}
