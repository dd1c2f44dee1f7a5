import { fillReferences } from "@/lib/promotions/column-references";
import type { Slot, SlotValue } from "@/lib/promotions/wizard/template-slots";

/** react-hook-form reads dots as nesting: a slot's key ("body.1") as a form field name. */
export const fieldKey = (key: string) => key.replace(/\./g, "_");

/** The form's slot values keyed by slot key again (what buildComponents takes). */
export function slotValues(slots: Slot[], form: Record<string, SlotValue | undefined>) {
  return Object.fromEntries(slots.map((s) => [s.key, form[fieldKey(s.key)]]));
}

/** The form's slot values keyed for the form (from valuesFromComponents' slot keys). */
export function formSlots(values: Record<string, SlotValue | undefined>): Record<string, SlotValue> {
  const out: Record<string, SlotValue> = {};
  for (const [k, v] of Object.entries(values)) if (v) out[fieldKey(k)] = v;
  return out;
}

/** What a recipient of `row` gets in the slot (`row` keyed by the list's columns as uploaded). */
export function renderSlot(value: SlotValue | undefined, row: Record<string, string> | undefined): string {
  if (!value || !value.value) return "";
  const lower = Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  if (value.kind === "column") return lower[value.value.toLowerCase()] ?? "";
  return fillReferences(value.value, lower).text;
}
