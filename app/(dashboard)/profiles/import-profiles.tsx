"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Input, Select } from "@/components/ui/field";
import { Icon } from "@/components/ui/icons";
import { CHUNK, FIELDS } from "./import-fields";
import { ImportPreview } from "./import-preview";
import { ImportReport } from "./import-report";
import { useProfileImport } from "./use-profile-import";

/**
 * CSV import in the browser: papaparse reads the file, the user checks a preview and maps
 * columns, then rows go up in chunks of 1,000 through the same domain function as F1; the
 * report lists every rejected row with its CSV line and reason.
 */
export function ImportProfiles({ businessCountry }: { businessCountry: string | null }) {
  const [open, setOpen] = useState(false);
  const {
    fileName,
    headers,
    rows,
    mapping,
    setMapping,
    defaultCountry,
    setDefaultCountry,
    progress,
    report,
    error,
    mapped,
    busy,
    pct,
    reset,
    onFile,
    start,
  } = useProfileImport(businessCountry);

  return (
    <>
      <Button onClick={() => setOpen(true)} icon={<Icon name="plus" className="size-4" />}>
        Import CSV
      </Button>
      <Dialog
        open={open}
        onClose={() => {
          if (busy) return;
          setOpen(false);
          reset();
        }}
        size="lg"
        title="Import profiles from CSV"
        description={
          report
            ? `${fileName}: import finished.`
            : busy
              ? `Importing ${fileName} in chunks of ${CHUNK.toLocaleString("en-US")} rows. Keep this window open.`
              : "One subscriber per row with a header row. Phone is required; the country code comes from a column or the default below. Existing profiles are matched by phone and updated."
        }
        footer={
          report ? (
            <Button
              onClick={() => {
                setOpen(false);
                reset();
              }}
            >
              Done
            </Button>
          ) : (
            <Button
              onClick={start}
              loading={busy}
              disabled={rows.length === 0 || !mapping.phone}
              data-testid="import-start"
            >
              {rows.length ? `Import ${rows.length.toLocaleString("en-US")} rows` : "Import"}
            </Button>
          )
        }
      >
        <div className="space-y-4">
          {error ? <Alert tone="danger">{error}</Alert> : null}
          {!report && !busy ? (
            <label className="block text-sm font-medium text-slate-800">
              CSV file
              <input
                type="file"
                accept=".csv,text/csv"
                data-testid="import-file"
                disabled={busy}
                onChange={(e) => onFile(e.target.files?.[0])}
                className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium"
              />
            </label>
          ) : null}

          {headers.length > 0 && !report && !busy ? (
            <>
              <p className="text-sm text-slate-600">
                {fileName}: {rows.length.toLocaleString("en-US")} rows. Map the columns, then check the
                preview:
              </p>
              <div className="grid grid-cols-2 gap-3">
                {FIELDS.map((f) => (
                  <Select
                    key={f.key}
                    label={f.label}
                    required={"required" in f && f.required}
                    value={mapping[f.key]}
                    disabled={busy}
                    onChange={(e) => setMapping({ ...mapping, [f.key]: e.target.value })}
                    placeholder="(not imported)"
                    options={headers.map((h) => ({ value: h, label: h }))}
                  />
                ))}
                <Input
                  label="Default country code"
                  hint={
                    businessCountry
                      ? `Used when the country code column is empty or not mapped; your business's default is ${businessCountry}`
                      : "Used when the country code column is empty or not mapped (your business has no default country)"
                  }
                  value={defaultCountry}
                  maxLength={2}
                  disabled={busy}
                  onChange={(e) => setDefaultCountry(e.target.value.toUpperCase())}
                />
              </div>
              <ImportPreview rows={mapped.slice(0, 5)} mapping={mapping} />
            </>
          ) : null}

          {progress ? (
            <div>
              <div
                role="progressbar"
                aria-label="Import progress"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={pct}
                data-testid="import-progress"
                className="h-2.5 overflow-hidden rounded-full bg-slate-100"
              >
                <div className="h-full bg-indigo-600 transition-all" style={{ width: `${pct}%` }} />
              </div>
              <p className="mt-1 text-xs text-slate-600" aria-live="polite">
                {progress.done.toLocaleString("en-US")} of {progress.total.toLocaleString("en-US")} rows sent
              </p>
            </div>
          ) : null}

          {report ? <ImportReport report={report} /> : null}
        </div>
      </Dialog>
    </>
  );
}
