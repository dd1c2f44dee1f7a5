"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cn, focusRing } from "@/components/ui/cn";
import { FormField } from "@/components/ui/form-field";
import type { WizardSetup } from "@/lib/promotions/wizard/wizard-setup";
import type { CsvHead } from "./csv-head";
import { RowsPreview } from "./rows-preview";
import { recipients } from "./recipients-text";
import type { Audience, WizardForm } from "./wizard-form";

const SOURCES = [
  { value: "csv", label: "Upload a CSV file" },
  { value: "list", label: "A list uploaded before" },
  { value: "profiles", label: "Your profiles" },
  { value: "segment", label: "A segment" },
  { value: "tags", label: "Tags" },
] as const;

/**
 * Step 1: who receives the campaign. A CSV (dropped or picked; its head is read here), a list
 * of the business, or its profiles (all or by city, gender, age, written into a list on the
 * server). Shows the columns and first rows either way.
 */
export function AudienceStep({
  form,
  setup,
  head,
  fileName,
  fileError,
  audience,
  busy,
  onFile,
  onPickList,
  onBuildProfiles,
  onLoadTarget,
}: {
  form: UseFormReturn<WizardForm>;
  setup: WizardSetup;
  head: CsvHead | null;
  fileName: string;
  fileError: string | null;
  audience: Audience | null;
  busy: boolean;
  onFile: (file: File | undefined) => void;
  onPickList: (name: string) => void;
  onBuildProfiles: () => void;
  /** Counts a segment or tags audience (after a pick; tags a moment after the last change). */
  onLoadTarget: () => Promise<boolean>;
}) {
  const source = useWatch({ control: form.control, name: "source" });
  const listName = useWatch({ control: form.control, name: "listName" });
  const replaced = setup.lists.find((l) => l.name === listName.trim());
  const replaceWarning = replaced ? (
    <Alert tone="warning">
      A list named “{replaced.name}” exists ({replaced.rowCount.toLocaleString("en-US")} rows): it will be
      replaced. Campaigns already launched on it keep their recipients. Choose another name to keep it.
    </Alert>
  ) : null;
  const [dragging, setDragging] = useState(false);
  const segmentId = useWatch({ control: form.control, name: "segmentId" });
  const tags = useWatch({ control: form.control, name: "tags" });
  const criteria = useWatch({ control: form.control, name: "tagSearchCriteria" });
  const tagKey = tags.join("\u001f");
  useEffect(() => {
    if (source === "segment" && segmentId) void onLoadTarget();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per pick
  }, [source, segmentId]);
  useEffect(() => {
    if (source !== "tags" || !tagKey) return;
    const timer = setTimeout(() => void onLoadTarget(), 400);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per change of the tags
  }, [source, tagKey, criteria]);
  const listOptions = setup.lists.map((l) => ({
    value: l.name,
    label: `${l.name} (${l.rowCount.toLocaleString("en-US")} rows)`,
  }));
  return (
    <div className="space-y-5">
      <FormField form={form} name="name" label="Campaign name" required />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Recipients</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {SOURCES.map((s) => (
            <label key={s.value} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                value={s.value}
                {...form.register("source")}
                className={cn("size-4 accent-indigo-600", focusRing)}
              />
              {s.label}
            </label>
          ))}
        </div>
      </fieldset>

      {source === "csv" ? (
        <div className="space-y-3">
          <label
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(e) => {
              e.preventDefault();
              setDragging(false);
              onFile(e.dataTransfer.files[0]);
            }}
            className={cn(
              "flex cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed px-4 py-8 text-center text-sm focus-within:ring-2 focus-within:ring-indigo-500",
              dragging ? "border-indigo-500 bg-indigo-50" : "border-slate-300 bg-white",
              fileError && "border-red-500",
            )}
          >
            <span className="font-medium text-slate-900">Drop a CSV file here, or choose one</span>
            <span className="text-slate-600">
              A header row with a phone column (phone, mobile, msisdn or number). Up to 200 MB.
            </span>
            {fileName ? <span className="mt-1 font-medium text-indigo-700">{fileName}</span> : null}
            <input
              type="file"
              accept=".csv,text/csv"
              className="sr-only"
              aria-label="CSV file"
              data-testid="csv-file"
              onChange={(e) => onFile(e.target.files?.[0])}
            />
          </label>
          {fileError ? (
            <p className="text-sm text-red-700" role="alert">
              {fileError}
            </p>
          ) : null}
          <FormField
            form={form}
            name="listName"
            label="Save the recipients as the list"
            hint="Launch later campaigns on it without uploading again."
            required
          />
          {replaceWarning}
        </div>
      ) : null}

      {source === "list" ? (
        listOptions.length ? (
          <FormField
            form={form}
            name="listName"
            kind="select"
            label="List"
            options={listOptions}
            placeholder="Choose a list"
            required
          />
        ) : (
          <Alert tone="info">No list yet: upload a CSV file or use your profiles.</Alert>
        )
      ) : null}

      {source === "profiles" ? (
        <div className="space-y-3">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <FormField form={form} name="city" label="City" hint="Empty: every city" />
            <FormField form={form} name="gender" label="Gender" hint="Empty: everyone" />
            <FormField form={form} name="minAge" type="number" label="Age from" />
            <FormField form={form} name="maxAge" type="number" label="Age to" />
          </div>
          <FormField form={form} name="listName" label="Save the recipients as the list" required />
          {replaceWarning}
          <Button variant="secondary" loading={busy} onClick={onBuildProfiles}>
            Build the list from profiles
          </Button>
        </div>
      ) : null}

      {source === "segment" ? (
        setup.segments.length ? (
          <FormField
            form={form}
            name="segmentId"
            kind="select"
            label="Segment"
            options={setup.segments.map((g) => ({ value: g.id, label: g.name }))}
            placeholder="Choose a segment"
            hint="Its subscribers as they are at launch: the campaign keeps exactly who was in it."
            required
          />
        ) : (
          <Alert tone="info">
            No segment yet.{" "}
            <Link href="/profiles/segments/new" className="font-medium underline underline-offset-2">
              Build one
            </Link>{" "}
            from your subscribers&apos; fields, attributes, tags and activity.
          </Alert>
        )
      ) : null}

      {source === "tags" ? (
        setup.tags.length ? (
          <TagPicker form={form} tags={setup.tags} selected={tags} />
        ) : (
          <Alert tone="info">
            No tag yet.{" "}
            <Link href="/profiles/fields" className="font-medium underline underline-offset-2">
              Create tags
            </Link>{" "}
            and tag your subscribers first.
          </Alert>
        )
      ) : null}

      {source === "segment" || source === "tags" ? (
        <p className="text-sm text-slate-700" aria-live="polite" data-testid="audience-count">
          {busy
            ? "Counting the subscribers who match…"
            : audience
              ? `${recipients(audience.list.rowCount)} match now (${audience.totals.optedOut.toLocaleString("en-US")} of them opted out).`
              : ""}
        </p>
      ) : null}

      {source === "list" && listOptions.length ? (
        <Button variant="secondary" loading={busy} onClick={() => onPickList(form.getValues("listName"))}>
          Show the list
        </Button>
      ) : null}

      {source === "csv" && head ? (
        <RowsPreview
          caption={`First ${head.rows.length} rows of ${fileName}`}
          columns={head.columns}
          rows={head.rows}
        />
      ) : null}
      {source !== "csv" && audience && !busy ? (
        <div className="space-y-2">
          <p className="text-sm text-slate-700" data-testid="audience-summary">
            {audience.list.name}: {recipients(audience.list.rowCount)}, columns{" "}
            {audience.list.columns.join(", ")}
          </p>
          <RowsPreview
            caption={`First ${audience.rows.length} rows of ${audience.list.name}`}
            columns={audience.list.columns}
            rows={audience.rows}
            phoneColumn={audience.list.phoneColumn}
          />
        </div>
      ) : null}
    </div>
  );
}

/** Tags to send to (with how many subscribers have each), and whether one or all must match. */
function TagPicker({
  form,
  tags,
  selected,
}: {
  form: UseFormReturn<WizardForm>;
  tags: WizardSetup["tags"];
  selected: string[];
}) {
  const error = form.formState.errors.tags?.message;
  const toggle = (name: string, on: boolean) =>
    form.setValue("tags", on ? [...selected, name] : selected.filter((t) => t !== name), {
      shouldValidate: true,
    });
  return (
    <div className="space-y-3">
      <fieldset className="space-y-2" aria-describedby={error ? "tags-error" : undefined}>
        <legend className="text-sm font-medium text-slate-800">
          Tags
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        </legend>
        <div
          className={cn(
            "flex max-h-48 flex-wrap gap-x-5 gap-y-2 overflow-y-auto rounded-md border bg-white p-3",
            error ? "border-red-500" : "border-slate-200",
          )}
          role="region"
          aria-label="Tags to choose from"
          tabIndex={0}
        >
          {tags.map((t) => (
            <label key={t.name} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={selected.includes(t.name)}
                onChange={(e) => toggle(t.name, e.target.checked)}
                className={cn("size-4 accent-indigo-600", focusRing)}
              />
              {t.name} <span className="text-slate-600">({t.count.toLocaleString("en-US")})</span>
            </label>
          ))}
        </div>
        {error ? (
          <p id="tags-error" className="text-sm text-red-700" role="alert">
            {error}
          </p>
        ) : null}
      </fieldset>
      <FormField
        form={form}
        name="tagSearchCriteria"
        kind="select"
        label="Subscribers with"
        options={[
          { value: "ANY", label: "Any of these tags" },
          { value: "ALL", label: "All of these tags" },
        ]}
      />
    </div>
  );
}
