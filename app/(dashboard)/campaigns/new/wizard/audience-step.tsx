"use client";

import { useState } from "react";
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
      {source !== "csv" && audience ? (
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
