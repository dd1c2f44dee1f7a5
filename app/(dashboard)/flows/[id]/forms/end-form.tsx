"use client";

import { FormField } from "@/components/ui/form-field";
import { EndStep, HandoverStep } from "@/lib/flows/definition";
import { ApplyButton } from "./apply-button";
import { useStepForm, type StepFormProps } from "./use-step-form";

export function EndForm({ step, apply, formId }: StepFormProps) {
  const { form, onSubmit } = useStepForm(EndStep, step, apply);
  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="space-y-3">
      <FormField
        form={form}
        name="text"
        label="Last message"
        kind="textarea"
        rows={3}
        hint="Optional; the run completes and the conversation is resolved"
      />
      <ApplyButton dirty={form.formState.isDirty} />
    </form>
  );
}

export function HandoverForm({
  step,
  apply,
  formId,
  teams,
}: StepFormProps & { teams: Array<{ id: string; name: string }> }) {
  const { form, onSubmit } = useStepForm(HandoverStep, step, (s) =>
    apply({ ...s, teamId: s.teamId || null }),
  );
  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="space-y-3">
      <FormField form={form} name="text" label="Said before an agent takes over" kind="textarea" rows={3} />
      <FormField
        form={form}
        name="teamId"
        label="Team"
        kind="select"
        placeholder="The inbox's routing picks"
        options={teams.map((t) => ({ value: t.id, label: t.name }))}
      />
      <ApplyButton dirty={form.formState.isDirty} />
    </form>
  );
}
