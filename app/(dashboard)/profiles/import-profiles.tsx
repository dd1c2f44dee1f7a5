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
export function ImportProfiles({
  businessCountry,
  attributes,
}: {
  businessCountry: string | null;
  attributes: Array<{ key: string; label: string }>;
}) {
  const [open, setOpen] = useState(false);
  const imp = useProfileImport(businessCountry, attributes);
  const columns = imp.headers.map((h) => ({ value: h, label: h }));

  return (
    <>
      <Button onClick={() => setOpen(true)} icon={<Icon name="plus" className="size-4" />}>
        Import CSV
      </Button>
      <Dialog
        open={open}
        onClose={() => {
          if (imp.busy) return;
          setOpen(false);
          imp.reset();
        }}
        size="lg"
        title="Import profiles from CSV"
        description={
          imp.report
            ? `${imp.fileName}: import finished.`
            : imp.busy
              ? `Importing ${imp.fileName} in chunks of ${CHUNK.toLocaleString("en-US")} rows. Keep this window open.`
              : "One subscriber per row with a header row. Phone is required; the country code comes from a column or the default below. Existing profiles are matched by phone and updated."
        }
        footer={
          imp.report ? (
            <Button
              onClick={() => {
                setOpen(false);
                imp.reset();
              }}
            >
              Done
            </Button>
          ) : (
            <Button
              onClick={imp.start}
              loading={imp.busy}
              disabled={imp.rows.length === 0 || !imp.mapping.phone}
              data-testid="import-start"
            >
              {imp.rows.length ? `Import ${imp.rows.length.toLocaleString("en-US")} rows` : "Import"}
            </Button>
          )
        }
      >
        <div className="space-y-4">
          {imp.error ? <Alert tone="danger">{imp.error}</Alert> : null}
          {!imp.report && !imp.busy ? (
            <label className="block text-sm font-medium text-slate-800">
              CSV file
              <input
                type="file"
                accept=".csv,text/csv"
                data-testid="import-file"
                disabled={imp.busy}
                onChange={(e) => imp.onFile(e.target.files?.[0])}
                className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium"
              />
            </label>
          ) : null}

          {imp.headers.length > 0 && !imp.report && !imp.busy ? (
            <>
              <p className="text-sm text-slate-600">
                {imp.fileName}: {imp.rows.length.toLocaleString("en-US")} rows. Map the columns, then check
                the preview:
              </p>
              <div className="grid grid-cols-2 gap-3">
                {FIELDS.map((f) => (
                  <Select
                    key={f.key}
                    label={f.label}
                    required={"required" in f && f.required}
                    value={imp.mapping[f.key]}
                    disabled={imp.busy}
                    onChange={(e) => imp.setMapping({ ...imp.mapping, [f.key]: e.target.value })}
                    placeholder="(not imported)"
                    options={imp.headers.map((h) => ({ value: h, label: h }))}
                  />
                ))}
                <Input
                  label="Default country code"
                  hint={
                    businessCountry
                      ? `Used when the country code column is empty or not mapped; your business's default is ${businessCountry}`
                      : "Used when the country code column is empty or not mapped (your business has no default country)"
                  }
                  value={imp.defaultCountry}
                  maxLength={2}
                  disabled={imp.busy}
                  onChange={(e) => imp.setDefaultCountry(e.target.value.toUpperCase())}
                />
              </div>
              <fieldset className="grid grid-cols-2 gap-3">
                <legend className="mb-2 text-sm font-medium text-slate-800">Tags and attributes</legend>
                {attributes.map((a) => (
                  <Select
                    key={a.key}
                    label={`Attribute: ${a.label}`}
                    value={imp.extra.attributes[a.key] ?? ""}
                    onChange={(e) =>
                      imp.setExtra({
                        ...imp.extra,
                        attributes: { ...imp.extra.attributes, [a.key]: e.target.value },
                      })
                    }
                    placeholder="(not imported)"
                    options={columns}
                  />
                ))}
                <Select
                  label="Tags column"
                  hint="Names separated by ; or , are each added"
                  value={imp.extra.tagsColumn}
                  onChange={(e) => imp.setExtra({ ...imp.extra, tagsColumn: e.target.value })}
                  placeholder="(not imported)"
                  options={columns}
                />
                <Input
                  label="Tag every imported subscriber"
                  hint="Optional, e.g. Diwali fair 2026"
                  value={imp.extra.tagAll}
                  maxLength={200}
                  onChange={(e) => imp.setExtra({ ...imp.extra, tagAll: e.target.value })}
                />
              </fieldset>
              <ImportPreview rows={imp.mapped.slice(0, 5)} mapping={imp.mapping} />
            </>
          ) : null}

          {imp.progress ? (
            <div>
              <div
                role="progressbar"
                aria-label="Import progress"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={imp.pct}
                data-testid="import-progress"
                className="h-2.5 overflow-hidden rounded-full bg-slate-100"
              >
                <div className="h-full bg-indigo-600 transition-all" style={{ width: `${imp.pct}%` }} />
              </div>
              <p className="mt-1 text-xs text-slate-600" aria-live="polite">
                {imp.progress.done.toLocaleString("en-US")} of {imp.progress.total.toLocaleString("en-US")}{" "}
                rows sent
              </p>
            </div>
          ) : null}

          {imp.report ? <ImportReport report={imp.report} /> : null}
        </div>
      </Dialog>
    </>
  );
}
