"use client";

import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { LanguageField } from "./language-field";
import { TemplateNameField } from "./template-name-field";

/** The Name and Language every template form starts with; a resubmitted template keeps its name. */
export function NameAndLanguageFields<T extends FieldValues & { name: string; language: string }>({
  form,
  resubmit,
}: {
  form: UseFormReturn<T>;
  resubmit: boolean;
}) {
  return (
    <>
      <TemplateNameField form={form} resubmit={resubmit} />
      <LanguageField
        form={form}
        name={"language" as Path<T>}
        required
        hint="Meta's template languages: type a name or a code"
      />
    </>
  );
}
