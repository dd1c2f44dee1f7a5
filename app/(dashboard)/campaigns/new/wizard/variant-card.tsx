"use client";

import { get, useWatch, type UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/field";
import { FormField } from "@/components/ui/form-field";
import { slotsOf, type Slot, type WizardTemplate } from "@/lib/promotions/wizard/template-slots";
import type { WizardSetup } from "@/lib/promotions/wizard/wizard-setup";
import { imageSources } from "./image-slot";
import { MessagePreview } from "./message-preview";
import { fieldKey, slotValues } from "./slot-values";
import type { WizardForm } from "./wizard-form";

/**
 * A new template's slots: text from a column (to be chosen), images from the template's own
 * image (a variant has no upload of its own). Every slot has its kind, as the schema needs.
 */
function slotDefaults(template: WizardTemplate): WizardForm["slots"] {
  return Object.fromEntries(
    slotsOf(template).map((s) => [
      fieldKey(s.key),
      s.media === "image"
        ? s.image
          ? { kind: "template" as const, value: s.image }
          : { kind: "text" as const, value: "" }
        : { kind: "column" as const, value: "" },
    ]),
  );
}

/** A slot's value picker of a variant: a column (a profile field, an attribute) or a fixed value. */
function VariantSlot({
  form,
  index,
  slot,
  columns,
  labels,
}: {
  form: UseFormReturn<WizardForm>;
  index: number;
  slot: Slot;
  columns: string[];
  labels?: Record<string, string>;
}) {
  const base = `variants.${index}.slots.${fieldKey(slot.key)}` as const;
  const kind = useWatch({ control: form.control, name: `${base}.kind` }) ?? "column";
  const error = (get(form.formState.errors, `${base}.value`) as { message?: string } | undefined)?.message;
  const kinds =
    slot.media === "image"
      ? imageSources(slot).filter((k) => k.value !== "upload")
      : [
          { value: "column", label: "A column" },
          { value: "text", label: "Fixed text" },
        ];
  return (
    <div className="grid gap-2 sm:grid-cols-[10rem_10rem_minmax(0,1fr)] sm:items-start">
      <p className="pt-1.5 text-sm font-medium text-slate-800">{slot.label}</p>
      <Select
        label={`${slot.label}: value from`}
        hideLabel
        options={kinds}
        {...form.register(`${base}.kind`)}
      />
      {kind === "column" ? (
        <Select
          label={`${slot.label}: column`}
          hideLabel
          options={columns.map((c) => ({ value: c, label: labels?.[c] ?? c }))}
          placeholder="Choose a column"
          error={error}
          {...form.register(`${base}.value`)}
        />
      ) : kind === "template" ? (
        <p className="pt-1.5 text-sm text-slate-600">The template&apos;s own image</p>
      ) : (
        <Input
          label={`${slot.label}: ${slot.media === "image" ? "image URL" : "text"}`}
          hideLabel
          error={error}
          {...form.register(`${base}.value`)}
        />
      )}
    </div>
  );
}

/**
 * One more variant of the A/B test: its name, an approved template of the campaign's channel
 * (the first variant's by default, so only the values differ) and each variable's value, with
 * the message as its first recipient would get it.
 */
export function VariantCard({
  form,
  setup,
  index,
  columns,
  labels,
  row,
  onRemove,
}: {
  form: UseFormReturn<WizardForm>;
  setup: WizardSetup;
  index: number;
  columns: string[];
  labels?: Record<string, string>;
  row: Record<string, string> | undefined;
  onRemove: () => void;
}) {
  const channel = useWatch({ control: form.control, name: "channelType" });
  const templateId = useWatch({ control: form.control, name: `variants.${index}.templateId` });
  const values = useWatch({ control: form.control, name: `variants.${index}.slots` }) ?? {};
  const name = useWatch({ control: form.control, name: `variants.${index}.name` });
  const templates = setup.templates.filter((t) => t.channel === channel);
  const template = templates.find((t) => t.id === templateId);
  const slots = template ? slotsOf(template) : [];
  const pick = form.register(`variants.${index}.templateId`);
  const heading = `variant-${index}-heading`;
  return (
    <section
      aria-labelledby={heading}
      className="min-w-0 space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3"
      data-testid={`variant-${index + 1}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={heading} className="text-sm font-semibold text-slate-900">
          Variant {name?.trim() || index + 2}
        </h4>
        <Button variant="ghost" onClick={onRemove}>
          Remove variant {name?.trim() || index + 2}
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField form={form} name={`variants.${index}.name`} label="Variant name" required />
        <Select
          label="Template"
          required
          options={templates.map((t) => ({ value: t.id, label: `${t.name} (${t.language})` }))}
          placeholder="Choose a template"
          error={
            (get(form.formState.errors, `variants.${index}.templateId`) as { message?: string })?.message
          }
          {...pick}
          onChange={(e) => {
            void pick.onChange(e);
            // Another template has other variables: start them from the first variant's when it is the same one.
            const same = e.target.value === form.getValues("templateId");
            const next = templates.find((t) => t.id === e.target.value);
            form.setValue(
              `variants.${index}.slots`,
              same ? structuredClone(form.getValues("slots")) : next ? slotDefaults(next) : {},
            );
          }}
        />
      </div>
      {slots.length > 0 ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Variables of this variant</legend>
          {slots.map((slot) => (
            <VariantSlot
              key={slot.key}
              form={form}
              index={index}
              slot={slot}
              columns={columns}
              labels={labels}
            />
          ))}
        </fieldset>
      ) : null}
      {template ? (
        <MessagePreview template={template} slots={slots} values={slotValues(slots, values)} row={row} />
      ) : null}
    </section>
  );
}
