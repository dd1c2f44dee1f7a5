"use client";

import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { Input } from "@/components/ui/field";
import { FormField } from "@/components/ui/form-field";

/** A template form's Name: editable when creating, read-only when resubmitting (it keeps its name). */
export function TemplateNameField<T extends FieldValues & { name: string }>({
  form,
  resubmit,
}: {
  form: UseFormReturn<T>;
  resubmit: boolean;
}) {
  const name = "name" as Path<T>;
  return resubmit ? (
    <Input label="Name" readOnly hint="A resubmitted template keeps its name" {...form.register(name)} />
  ) : (
    <FormField form={form} name={name} label="Name" required hint="Lowercase letters, digits and _" />
  );
}
