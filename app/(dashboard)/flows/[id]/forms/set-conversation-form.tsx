"use client";

import { FormField } from "@/components/ui/form-field";
import { ConversationState, SetConversationStep } from "@/lib/flows/definition";
import { ApplyButton } from "./apply-button";
import { useStepForm, type StepFormProps } from "./use-step-form";

const HINTS: Record<(typeof ConversationState.options)[number], string> = {
  open: "open",
  pending: "pending (waiting on the customer)",
  resolved: "resolved",
};

export function SetConversationForm({ step, apply, formId }: StepFormProps) {
  const { form, onSubmit } = useStepForm(SetConversationStep, step, apply);
  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="space-y-3">
      <FormField
        form={form}
        name="state"
        label="Set the conversation"
        kind="select"
        options={ConversationState.options.map((s) => ({ value: s, label: HINTS[s] }))}
      />
      <ApplyButton dirty={form.formState.isDirty} />
    </form>
  );
}
