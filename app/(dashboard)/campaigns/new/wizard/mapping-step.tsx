"use client";

import { useWatch, type UseFormReturn } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import type { CountryOption } from "@/lib/businesses/country-options";
import type { CsvHead } from "./csv-head";
import type { Audience, WizardForm } from "./wizard-form";

function Totals({ audience }: { audience: Audience }) {
  const t = audience.totals;
  // A segment's or tags' subscribers hold one normalised number each: nothing invalid or twice.
  const items = audience.target
    ? ([
        ["Subscribers matching now", t.rows],
        ["Opted out (never sent)", t.optedOut],
        ["Sendable before the message is chosen", t.valid - t.optedOut],
      ] as const)
    : ([
        ["Rows in the file", t.rows],
        ["Valid", t.valid],
        ["Invalid", t.invalid],
        ["Duplicates", t.duplicates],
        ["Opted out (never sent)", t.optedOut],
        ["Sendable before the message is chosen", t.valid - t.optedOut],
      ] as const);
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="dry-run-totals">
        {items.map(([label, value]) => (
          <div key={label} className="rounded-md border border-slate-200 bg-white p-3">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd
              className="text-lg font-semibold text-slate-900"
              data-testid={`total-${label.split(" ")[0]!.toLowerCase()}`}
            >
              {value.toLocaleString("en-US")}
            </dd>
          </div>
        ))}
      </dl>
      {t.invalid + t.duplicates > 0 ? (
        <a
          href={`/campaigns/new/rejects/${audience.list.id}`}
          download
          className="inline-block text-sm font-medium text-indigo-700 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          Download the {(t.invalid + t.duplicates).toLocaleString("en-US")} rejected rows (CSV, with reasons)
        </a>
      ) : audience.target ? null : (
        <p className="text-sm text-emerald-700">Every row is valid.</p>
      )}
      <p className="text-sm text-slate-600">
        Once the message is chosen, the review step checks every row again: a row with an empty cell in a
        column a variable takes its value from is refused there, with the variable and the column named.
      </p>
    </div>
  );
}

/**
 * Step 2: which column holds the phone number and the country of numbers written without a
 * code, then the dry run: the file goes to the server (progress bar), every row is checked and
 * stored in the list, nothing is sent. Lists and profiles are checked already: their totals.
 */
export function MappingStep({
  form,
  countries,
  head,
  audience,
  progress,
  uploading,
  onDryRun,
  onCancel,
}: {
  form: UseFormReturn<WizardForm>;
  countries: CountryOption[];
  head: CsvHead | null;
  audience: Audience | null;
  progress: number | null;
  uploading: boolean;
  onDryRun: () => void;
  onCancel: () => void;
}) {
  const source = useWatch({ control: form.control, name: "source" });
  return (
    <div className="space-y-5">
      {source === "csv" && head ? (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              form={form}
              name="phoneColumn"
              kind="select"
              label="Phone column"
              options={head.columns.map((c) => ({ value: c, label: c }))}
              placeholder="Choose the phone column"
              hint="Found from the header (phone, mobile, msisdn or number) when it can be."
              required
            />
            <FormField
              form={form}
              name="defaultCountry"
              kind="select"
              label="Country of numbers without a country code"
              options={countries}
              placeholder="None: every number has its code"
            />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={onDryRun} loading={uploading} data-testid="dry-run">
              {audience ? "Run the dry run again" : "Run the dry run"}
            </Button>
            {uploading ? (
              <Button variant="ghost" onClick={onCancel}>
                Cancel upload
              </Button>
            ) : null}
            <p className="text-sm text-slate-600">Checks every row on the server. Nothing is sent.</p>
          </div>
          {progress !== null ? (
            <div className="space-y-1">
              <label htmlFor="upload-progress" className="text-sm text-slate-700">
                {progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : "Uploaded, checking the rows…"}
              </label>
              <progress
                id="upload-progress"
                max={1}
                value={progress}
                className="h-2 w-full accent-indigo-600"
              />
            </div>
          ) : null}
        </>
      ) : null}
      {source === "segment" || source === "tags" ? (
        <Alert tone="info">
          Every subscriber who matches now, counted against today&apos;s opt-out list (and, when you require a
          marketing opt-in, the consent ledger). The audience is frozen at launch: later changes to the
          profiles, their tags or the segment do not change the campaign.
        </Alert>
      ) : null}
      {source === "csv" || source === "segment" || source === "tags" ? null : (
        <Alert tone="info">
          The list is stored already: its phone numbers were checked when it was written. Below are its totals
          against today&apos;s opt-out list.
        </Alert>
      )}
      {audience && !uploading ? <Totals audience={audience} /> : null}
    </div>
  );
}
