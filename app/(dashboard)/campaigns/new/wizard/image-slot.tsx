"use client";

import { useWatch, type UseFormReturn } from "react-hook-form";
import { dashboardMediaSrc } from "@/components/messages/media-image";
import { ImageUpload } from "@/components/templates/image-upload";
import { Input, Select } from "@/components/ui/field";
import type { Slot, SlotValue } from "@/lib/promotions/wizard/template-slots";
import { SlotColumnSelect, slotError } from "./slot-fields";
import { fieldKey } from "./slot-values";
import type { WizardForm } from "./wizard-form";

/** Where an image slot's picture comes from, the template's own first when it has one. */
export function imageSources(slot: Slot): { value: SlotValue["kind"]; label: string }[] {
  return [
    ...(slot.image ? [{ value: "template" as const, label: "The template's image" }] : []),
    { value: "upload", label: "Upload an image" },
    { value: "column", label: "A column of image URLs" },
    { value: "text", label: "One image URL" },
  ];
}

/** The value an image slot starts with: the template's own image, else an upload to make. */
export const defaultImage = (slot: Slot): SlotValue =>
  slot.image ? { kind: "template", value: slot.image } : { kind: "upload", value: "" };

/**
 * A header (or card) image of the wizard: the template's uploaded image by default, an
 * upload, a column of URLs or one URL; the chosen picture is shown as it will be sent.
 */
export function ImageSlot({
  form,
  slot,
  columns,
  mediaBase,
}: {
  form: UseFormReturn<WizardForm>;
  slot: Slot;
  columns: string[];
  mediaBase: string;
}) {
  const key = fieldKey(slot.key);
  const value = useWatch({ control: form.control, name: `slots.${key}` }) as SlotValue | undefined;
  const kind = value?.kind ?? "upload";
  const error = slotError(form, slot);
  const set = (v: SlotValue) => form.setValue(`slots.${key}`, v, { shouldValidate: kind !== v.kind });
  const shown = kind === "template" || kind === "upload" ? value?.value : undefined;
  return (
    <div className="grid gap-2 sm:grid-cols-[12rem_10rem_minmax(0,1fr)] sm:items-start">
      <p className="pt-1.5 text-sm font-medium text-slate-800">{slot.label}</p>
      <Select
        label={`${slot.label}: image from`}
        hideLabel
        options={imageSources(slot)}
        value={kind}
        onChange={(e) => {
          const next = e.target.value as SlotValue["kind"];
          set(next === "template" ? defaultImage(slot) : { kind: next, value: "" });
        }}
      />
      <div className="min-w-0 space-y-2">
        {kind === "upload" ? (
          <ImageUpload
            label={`${slot.label}: file`}
            error={error}
            onUpload={(u) => set({ kind: "upload", value: u ? `${mediaBase}${u.sha256}` : "" })}
          />
        ) : null}
        {kind === "column" ? (
          <SlotColumnSelect form={form} slot={slot} columns={columns} error={error} />
        ) : null}
        {kind === "text" ? (
          <Input
            label={`${slot.label}: URL`}
            hideLabel
            type="url"
            placeholder="https://example.com/offer.jpg"
            error={error}
            {...form.register(`slots.${key}.value`)}
          />
        ) : null}
        {shown ? (
          // eslint-disable-next-line @next/next/no-img-element -- the business's own upload, any size
          <img
            src={dashboardMediaSrc(shown)}
            alt={`${slot.label} as it will be sent`}
            className="h-24 w-auto max-w-full rounded-md border border-slate-200 object-contain"
            data-testid={`image-${key}`}
          />
        ) : null}
      </div>
    </div>
  );
}
