"use client";

import { useState } from "react";
import { Textarea } from "@/components/ui/field";
import { FlowStep } from "@/lib/flows/definition";
import type { DraftStep } from "@/lib/flows/builder/step-outputs";
import { ApplyButton } from "./apply-button";
import type { StepFormProps } from "./use-step-form";

/** The fallback for step types without a form of their own: the step's JSON, checked by FlowStep. */
export function JsonStepForm({ step, apply, formId }: StepFormProps) {
  const [text, setText] = useState(() => JSON.stringify(step, null, 2));
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      id={formId}
      noValidate
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch (err) {
          return setError(`Not JSON: ${(err as Error).message}`);
        }
        const parsed = FlowStep.safeParse(value);
        if (!parsed.success)
          return setError(
            parsed.error.issues.map((i) => `${i.path.join(".") || "step"}: ${i.message}`).join("; "),
          );
        setError(null);
        apply({ ...(value as DraftStep), id: step.id });
      }}
    >
      <Textarea
        label="The step as JSON"
        hint="This step type has no form yet; it is checked against the flow format"
        rows={12}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={error ?? undefined}
        className="font-mono"
      />
      <ApplyButton dirty={text !== JSON.stringify(step, null, 2)} />
    </form>
  );
}
