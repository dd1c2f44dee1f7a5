"use client";

import { FormField } from "@/components/ui/form-field";
import { ConversionStep } from "@/lib/flows/definition";
import { ApplyButton } from "./apply-button";
import { useStepForm, type StepFormProps } from "./use-step-form";

/** A conversion the run records (attributed to a campaign like one posted through the API). */
export function ConversionForm({ step, apply, formId }: StepFormProps) {
  const { form, onSubmit } = useStepForm(ConversionStep, step, apply);
  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="space-y-3">
      <FormField
        form={form}
        name="event"
        label="Event"
        required
        hint="What the customer did, e.g. purchase"
      />
      <FormField
        form={form}
        name="value"
        label="Value"
        hint="A number or {{name}}, e.g. {{order_total}}; empty: none"
      />
      <FormField
        form={form}
        name="currency"
        label="Currency"
        hint="ISO 4217 code, e.g. INR (needed with a value)"
      />
      <ApplyButton dirty={form.formState.isDirty} />
    </form>
  );
}
