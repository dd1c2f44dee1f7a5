"use client";

import { FormField } from "@/components/ui/form-field";
import { SendTemplateStep } from "@/lib/flows/definition";
import { ApplyButton } from "./apply-button";
import { useStepForm, type StepFormProps } from "./use-step-form";

export function SendTemplateForm({
  step,
  apply,
  formId,
  templates,
}: StepFormProps & { templates: string[] }) {
  const { form, onSubmit } = useStepForm(SendTemplateStep, step, apply);
  const current = typeof step.templateName === "string" ? step.templateName : "";
  const names = current && !templates.includes(current) ? [...templates, current] : templates;
  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="space-y-3">
      <FormField
        form={form}
        name="templateName"
        label="Approved template"
        kind="select"
        placeholder="Choose a template"
        options={names.map((n) => ({ value: n, label: templates.includes(n) ? n : `${n} (not approved)` }))}
        required
      />
      <ApplyButton dirty={form.formState.isDirty} />
    </form>
  );
}
