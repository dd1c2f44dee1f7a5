"use client";

import { get, type UseFormReturn } from "react-hook-form";
import { Select } from "@/components/ui/field";
import type { Slot } from "@/lib/promotions/wizard/template-slots";
import { fieldKey } from "./slot-values";
import type { WizardForm } from "./wizard-form";

/** The form's error on a slot's value (the message step's variables and image slots). */
export function slotError(form: UseFormReturn<WizardForm>, slot: Slot): string | undefined {
  const key = fieldKey(slot.key);
  return (get(form.formState.errors, `slots.${key}.value`) as { message?: string } | undefined)?.message;
}

/** A slot's value taken from a column of the list. */
export function SlotColumnSelect({
  form,
  slot,
  columns,
  labels,
  error,
}: {
  form: UseFormReturn<WizardForm>;
  slot: Slot;
  columns: string[];
  /** How a column is shown (a segment's: "Name", "Attribute: Plan (plan)"); its name otherwise. */
  labels?: Record<string, string>;
  error?: string;
}) {
  return (
    <Select
      label={`${slot.label}: column`}
      hideLabel
      options={columns.map((c) => ({ value: c, label: labels?.[c] ?? c }))}
      placeholder="Choose a column"
      error={error}
      {...form.register(`slots.${fieldKey(slot.key)}.value`)}
    />
  );
}
