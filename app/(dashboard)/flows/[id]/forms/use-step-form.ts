"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type FieldValues, type Resolver } from "react-hook-form";
import type { z } from "zod";
import type { DraftStep } from "@/lib/flows/builder/step-outputs";

/**
 * A step's form: react-hook-form with the step type's own schema from lib/flows/definition.ts
 * (the same one FlowDefinition checks), so the panel's inline errors are the format's.
 * `apply` gets the parsed step; the outputs (`next` and the like) are kept as they are.
 */
export function useStepForm(schema: z.ZodType, step: DraftStep, apply: (s: DraftStep) => void) {
  const form = useForm<FieldValues>({
    resolver: zodResolver(schema as never) as unknown as Resolver<FieldValues>,
    defaultValues: step,
    mode: "onSubmit",
  });
  const onSubmit = form.handleSubmit((values) => apply({ ...step, ...values, id: step.id, type: step.type }));
  return { form, onSubmit };
}

export type StepFormProps = { step: DraftStep; apply: (s: DraftStep) => void; formId: string };
