"use client";

import { FormField } from "@/components/ui/form-field";
import { SendTextStep } from "@/lib/flows/definition";
import { ApplyButton } from "./apply-button";
import { useStepForm, type StepFormProps } from "./use-step-form";

export function SendTextForm({ step, apply, formId }: StepFormProps) {
  const { form, onSubmit } = useStepForm(SendTextStep, step, apply);
  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="space-y-3">
      <FormField
        form={form}
        name="text"
        label="Message"
        kind="textarea"
        rows={4}
        required
        hint="{{name}} is the run's variable name"
      />
      <ApplyButton dirty={form.formState.isDirty} />
    </form>
  );
}
