"use client";

import { z } from "zod";
import { FormField } from "@/components/ui/form-field";
import { WaitStep } from "@/lib/flows/definition";
import { DURATION_UNITS, durationOf, minutesOf, type DurationUnit } from "@/lib/flows/builder/wait-duration";
import type { DraftStep } from "@/lib/flows/builder/step-outputs";
import { ApplyButton } from "./apply-button";
import { useStepForm, type StepFormProps } from "./use-step-form";

/** A duration in a unit, checked as the minutes the step stores (the step's own bounds). */
const WaitForm = z
  .object({ amount: z.number({ error: "A number" }).positive("More than 0"), unit: z.enum(DURATION_UNITS) })
  .superRefine((v, ctx) => {
    const checked = WaitStep.shape.minutes.safeParse(minutesOf(v.amount, v.unit));
    if (!checked.success)
      ctx.addIssue({ code: "custom", path: ["amount"], message: checked.error.issues[0]!.message });
  });

export function WaitStepForm({ step, apply, formId }: StepFormProps) {
  const { amount, unit } = durationOf(typeof step.minutes === "number" ? step.minutes : 60);
  const { form, onSubmit } = useStepForm(WaitForm, { ...step, amount, unit }, (s) => {
    const { amount: a, unit: u, ...rest } = s;
    apply({ ...rest, minutes: minutesOf(Number(a), u as DurationUnit) } as DraftStep);
  });
  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="space-y-3">
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1 basis-24">
          <FormField form={form} name="amount" label="Wait for" type="number" required />
        </div>
        <div className="min-w-0 flex-1 basis-24">
          <FormField
            form={form}
            name="unit"
            label="Unit"
            kind="select"
            options={DURATION_UNITS.map((u) => ({ value: u, label: u }))}
          />
        </div>
      </div>
      <p className="text-xs text-slate-500">
        At most 30 days; a customer&apos;s message meanwhile does not move the run on.
      </p>
      <ApplyButton dirty={form.formState.isDirty} />
    </form>
  );
}
