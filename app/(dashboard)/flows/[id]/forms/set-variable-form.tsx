"use client";

import { FormField } from "@/components/ui/form-field";
import { SetVariableStep } from "@/lib/flows/definition";
import { ApplyButton } from "./apply-button";
import { useStepForm, type StepFormProps } from "./use-step-form";

export function SetVariableForm({ step, apply, formId }: StepFormProps) {
  const { form, onSubmit } = useStepForm(SetVariableStep, step, apply);
  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="space-y-3">
      <FormField form={form} name="variable" label="Variable" required />
      <FormField form={form} name="value" label="Value" hint="With {{name}} placeholders" />
      <ApplyButton dirty={form.formState.isDirty} />
    </form>
  );
}
