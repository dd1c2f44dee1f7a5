"use client";

import { useEffect, useState } from "react";
import { useWatch } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { cn, focusRing } from "@/components/ui/cn";
import { Input, Select } from "@/components/ui/field";
import { FormField } from "@/components/ui/form-field";
import { slotsOf } from "@/lib/promotions/wizard/template-slots";
import { AbTestSection } from "./ab-test-section";
import { defaultImage, ImageSlot } from "./image-slot";
import { MessagePreview } from "./message-preview";
import { SlotColumnSelect, slotError } from "./slot-fields";
import { fieldKey, slotValues } from "./slot-values";
import type { StepProps } from "./wizard-form";

/**
 * Step 3: channel, sender, an APPROVED template (searchable), each of its variables from a
 * column of the list (for a segment or tags: a profile field or an attribute) or a fixed text,
 * the message as the first recipients get it, and the optional A/B test.
 */
export function MessageStep({ form, setup, audience }: StepProps) {
  const [q, setQ] = useState("");
  const [rowIndex, setRowIndex] = useState(0);
  const channel = useWatch({ control: form.control, name: "channelType" });
  const templateId = useWatch({ control: form.control, name: "templateId" });
  const formSlots = useWatch({ control: form.control, name: "slots" });
  const senders = setup.senders.filter((s) => s.channel === channel);
  const templates = setup.templates.filter(
    (t) => t.channel === channel && `${t.name} ${t.language}`.toLowerCase().includes(q.trim().toLowerCase()),
  );
  const template = setup.templates.find((t) => t.id === templateId && t.channel === channel);
  const slots = template ? slotsOf(template) : [];
  const columns = audience
    ? ["phone", ...audience.list.columns.filter((c) => c.toLowerCase() !== "phone")]
    : [];
  const templateError = form.formState.errors.templateId?.message;
  const rows = audience?.rows ?? [];
  useEffect(() => {
    // A picked template's image slots start with its own image (or ask for an upload).
    for (const slot of slots)
      if (slot.media === "image" && !form.getValues(`slots.${fieldKey(slot.key)}`))
        form.setValue(`slots.${fieldKey(slot.key)}`, defaultImage(slot));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per template
  }, [template?.id]);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
      <div className="min-w-0 space-y-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            form={form}
            name="channelType"
            kind="select"
            label="Channel"
            options={[
              { value: "chatapp", label: "Chat app (WhatsApp Business)" },
              { value: "rcs", label: "RCS" },
            ]}
          />
          <FormField
            form={form}
            name="phoneNumberId"
            kind="select"
            label={channel === "rcs" ? "RCS agent" : "Sender number"}
            options={senders.map((s) => ({ value: s.sender, label: `${s.label}, ${s.perSecond}/s` }))}
            placeholder={senders.length ? "Choose the sender" : "No sender on this channel"}
            required
          />
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">
            Approved template
            <span className="ml-0.5 text-red-600" aria-hidden="true">
              *
            </span>
          </legend>
          <Input label="Search templates" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
          <div
            className={cn(
              "max-h-64 overflow-y-auto rounded-md border bg-white",
              templateError ? "border-red-500" : "border-slate-200",
            )}
          >
            {templates.length === 0 ? (
              <p className="p-3 text-sm text-slate-600">No approved {channel} template matches.</p>
            ) : (
              templates.map((t) => (
                <label
                  key={t.id}
                  className="flex cursor-pointer items-center gap-3 border-b border-slate-100 px-3 py-2 text-sm last:border-0 hover:bg-slate-50"
                >
                  <input
                    type="radio"
                    value={t.id}
                    {...form.register("templateId")}
                    className={cn("size-4 accent-indigo-600", focusRing)}
                  />
                  <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{t.name}</span>
                  <span className="text-slate-600">{t.language}</span>
                  {t.category ? <Badge tone="neutral">{t.category}</Badge> : null}
                </label>
              ))
            )}
          </div>
          {templateError ? (
            <p className="text-sm text-red-700" role="alert">
              {templateError}
            </p>
          ) : null}
        </fieldset>
        {template && slots.length === 0 ? <Alert tone="info">This template has no variables.</Alert> : null}
        {slots.length > 0 ? (
          <fieldset className="space-y-3">
            <legend className="text-sm font-medium text-slate-800">Variables</legend>
            {slots.map((slot) => {
              if (slot.media === "image")
                return (
                  <ImageSlot
                    key={slot.key}
                    form={form}
                    slot={slot}
                    columns={columns}
                    mediaBase={setup.mediaBase}
                  />
                );
              const key = fieldKey(slot.key);
              const kind = formSlots[key]?.kind ?? "column";
              const error = slotError(form, slot);
              return (
                <div
                  key={slot.key}
                  className="grid gap-2 sm:grid-cols-[12rem_10rem_minmax(0,1fr)] sm:items-start"
                >
                  <p className="pt-1.5 text-sm font-medium text-slate-800" id={`slot-${key}`}>
                    {slot.label}
                    {slot.sample ? (
                      <span className="block text-xs font-normal text-slate-600">e.g. {slot.sample}</span>
                    ) : null}
                  </p>
                  <Select
                    label={`${slot.label}: value from`}
                    hideLabel
                    options={[
                      { value: "column", label: "A column" },
                      { value: "text", label: "Fixed text" },
                    ]}
                    {...form.register(`slots.${key}.kind`)}
                  />
                  {kind === "column" ? (
                    <SlotColumnSelect
                      form={form}
                      slot={slot}
                      columns={columns}
                      labels={audience?.columnLabels}
                      error={error}
                    />
                  ) : (
                    <Input
                      label={`${slot.label}: text`}
                      hideLabel
                      error={error}
                      {...form.register(`slots.${key}.value`)}
                    />
                  )}
                </div>
              );
            })}
          </fieldset>
        ) : null}
        {template ? (
          <AbTestSection
            form={form}
            setup={setup}
            columns={columns}
            labels={audience?.columnLabels}
            row={rows[0]}
          />
        ) : null}
      </div>
      <aside className="min-w-0 space-y-3" aria-label="Preview">
        {rows.length > 1 ? (
          <Select
            label="Preview for recipient"
            value={String(rowIndex)}
            onChange={(e) => setRowIndex(Number(e.target.value))}
            options={rows.map((_, i) => ({ value: String(i), label: `Row ${i + 1}` }))}
          />
        ) : null}
        {template ? (
          <MessagePreview
            template={template}
            slots={slots}
            values={slotValues(slots, formSlots)}
            row={rows[rowIndex]}
          />
        ) : (
          <p className="text-sm text-slate-600">Choose a template to see the message.</p>
        )}
      </aside>
    </div>
  );
}
