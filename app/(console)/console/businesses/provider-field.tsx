"use client";

import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import type { SelectOption } from "@/components/ui/field";
import { FormField } from "@/components/ui/form-field";

/** The required Provider select of a business's channel settings and calling settings. */
export function ProviderField<T extends FieldValues & { provider?: string }>({
  form,
  options,
}: {
  form: UseFormReturn<T, any, any>;
  options: SelectOption[];
}) {
  return (
    <FormField
      form={form}
      name={"provider" as Path<T>}
      kind="select"
      label="Provider"
      required
      options={options}
    />
  );
}
