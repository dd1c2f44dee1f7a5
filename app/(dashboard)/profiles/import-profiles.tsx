"use client";

import Papa from "papaparse";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Input, Select } from "@/components/ui/field";
import { Icon } from "@/components/ui/icons";
import { uploadProfilesAction } from "./actions";

const CHUNK = 1000;
const FIELDS = [
  { key: "phone", label: "Phone", required: true },
  { key: "countrycode", label: "Country code", required: false },
  { key: "name", label: "Name" },
  { key: "age", label: "Age" },
  { key: "gender", label: "Gender" },
  { key: "dob", label: "Date of birth (day/month/year)" },
  { key: "businesssubscriberid", label: "Your subscriber id" },
  { key: "city", label: "City" },
] as const;
type FieldKey = (typeof FIELDS)[number]["key"];
type Mapping = Record<FieldKey, string>;
type Rejected = { line: number; phone: string; reason: string };
type Report = { total: number; uploaded: number; rejected: Rejected[] };

const norm = (s: string) => s.toLowerCase().replace(/[^a-z]/g, "");
const ALIASES: Record<FieldKey, string[]> = {
  phone: ["phone", "phonenumber", "mobile", "msisdn", "number"],
  countrycode: ["countrycode", "country", "cc"],
  name: ["name", "fullname"],
  age: ["age"],
  gender: ["gender", "sex"],
  dob: ["dob", "dateofbirth", "birthdate", "birthday"],
  businesssubscriberid: ["businesssubscriberid", "subscriberid", "customerid", "id"],
  city: ["city", "town"],
};

function guessMapping(headers: string[]): Mapping {
  const m = {} as Mapping;
  for (const f of FIELDS) m[f.key] = headers.find((h) => ALIASES[f.key].includes(norm(h))) ?? "";
  return m;
}

/**
 * CSV import in the browser: papaparse reads the file, the user checks a preview and maps
 * columns, then rows go up in chunks of 1,000 through the same domain function as F1; the
 * report lists every rejected row with its CSV line and reason.
 */
export function ImportProfiles({ businessCountry }: { businessCountry: string | null }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [fileName, setFileName] = useState("");
  const [headers, setHeaders] = useState<string[]>([]);
  const [rows, setRows] = useState<Record<string, string>[]>([]);
  const [mapping, setMapping] = useState<Mapping>(guessMapping([]));
  const [defaultCountry, setDefaultCountry] = useState(businessCountry ?? "");
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState<string | null>(null);

  function reset() {
    setFileName("");
    setHeaders([]);
    setRows([]);
    setProgress(null);
    setReport(null);
    setError(null);
  }

  function onFile(file: File | undefined) {
    reset();
    if (!file) return;
    setFileName(file.name);
    Papa.parse<Record<string, string>>(file, {
      header: true,
      skipEmptyLines: "greedy",
      complete: (res) => {
        const fields = res.meta.fields ?? [];
        if (fields.length === 0 || res.data.length === 0) {
          setError("The file has no header row or no data rows.");
          return;
        }
        setHeaders(fields);
        setRows(res.data);
        setMapping(guessMapping(fields));
      },
      error: (err) => setError(`Could not read the file: ${err.message}`),
    });
  }

  const mapped = useMemo(
    () =>
      rows.map((r) => {
        const p: Record<string, string> = {};
        for (const f of FIELDS) if (mapping[f.key]) p[f.key] = (r[mapping[f.key]] ?? "").trim();
        // Blank: the server applies the business's default country (or rejects the row).
        if (!p.countrycode && defaultCountry.trim()) p.countrycode = defaultCountry.trim();
        return p;
      }),
    [rows, mapping, defaultCountry],
  );

  async function start() {
    setError(null);
    const rejected: Rejected[] = [];
    let uploaded = 0;
    setProgress({ done: 0, total: mapped.length });
    for (let start = 0; start < mapped.length; start += CHUNK) {
      const chunk = mapped.slice(start, start + CHUNK);
      const res = await uploadProfilesAction(chunk).catch((e: unknown) => ({
        ok: false as const,
        message: e instanceof Error ? e.message : "The server did not answer",
      }));
      if (!res.ok) {
        // Earlier chunks are stored: report them, and say where the import stopped.
        setError(
          `The import stopped at rows ${(start + 1).toLocaleString("en-US")}-${(start + chunk.length).toLocaleString("en-US")}: ${res.message}. The rows before were imported; fix the problem and import the file again (rows are matched by phone, nothing is duplicated).`,
        );
        setReport({ total: start, uploaded, rejected });
        router.refresh();
        return;
      }
      uploaded += res.data.uploaded;
      for (const e of res.data.errors) {
        // +2: the header is line 1 and rows count from 0.
        rejected.push({ line: start + e.index + 2, phone: chunk[e.index]?.phone ?? "", reason: e.reason });
      }
      setProgress({ done: Math.min(start + CHUNK, mapped.length), total: mapped.length });
    }
    setReport({ total: mapped.length, uploaded, rejected });
    router.refresh();
  }

  const busy = progress !== null && report === null;
  const pct = progress ? Math.round((progress.done / Math.max(1, progress.total)) * 100) : 0;

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
              <Preview rows={mapped.slice(0, 5)} mapping={mapping} />
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

const PREVIEW_HEADERS: Record<FieldKey, string> = {
  phone: "Phone",
  countrycode: "Country",
  name: "Name",
  age: "Age",
  gender: "Gender",
  dob: "Date of birth",
  businesssubscriberid: "Subscriber id",
  city: "City",
};

/** The first rows as they will be sent; fields without a column are dimmed. */
function Preview({ rows, mapping }: { rows: Record<string, string>[]; mapping: Mapping }) {
  return (
    <div className="overflow-x-auto rounded-md ring-1 ring-slate-200">
      <table className="min-w-full text-xs" aria-label="Preview of the first rows">
        <caption className="bg-slate-50 px-2 py-1 text-left text-xs text-slate-600">
          Preview of the first {rows.length} rows as they will be imported
        </caption>
        <thead className="bg-slate-50 text-left text-slate-600">
          <tr>
            {FIELDS.map((f) => (
              <th
                key={f.key}
                scope="col"
                className={`px-2 py-1 font-medium whitespace-nowrap ${
                  mapping[f.key] || f.key === "countrycode" ? "" : "text-slate-400"
                }`}
              >
                {PREVIEW_HEADERS[f.key]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} className="border-t border-slate-100">
              {FIELDS.map((f) => (
                <td key={f.key} className="px-2 py-1 whitespace-nowrap text-slate-800">
                  {r[f.key] ? r[f.key] : <span className="text-slate-300">—</span>}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ImportReport({ report }: { report: Report }) {
  return (
    <div className="space-y-3" data-testid="import-report">
      <Alert tone={report.rejected.length ? "warning" : "success"}>
        <span data-testid="import-summary">
          {report.uploaded.toLocaleString("en-US")} uploaded, {report.rejected.length.toLocaleString("en-US")}{" "}
          rejected of {report.total.toLocaleString("en-US")} rows.
        </span>
      </Alert>
      {report.rejected.length > 0 ? (
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm text-slate-700">
            Rejected rows were not imported. Fix them in your file and import it again.
          </p>
          <Button variant="secondary" size="sm" onClick={() => downloadRejected(report.rejected)}>
            Download rejected rows
          </Button>
        </div>
      ) : null}
      {report.rejected.length > 0 ? (
        <div className="max-h-72 overflow-y-auto rounded-md ring-1 ring-slate-200">
          <table className="min-w-full text-sm" aria-label="Rejected rows" data-testid="import-errors">
            <thead className="sticky top-0 bg-slate-50 text-left text-slate-600">
              <tr>
                <th className="px-3 py-1.5 font-medium">CSV line</th>
                <th className="px-3 py-1.5 font-medium">Phone</th>
                <th className="px-3 py-1.5 font-medium">Reason</th>
              </tr>
            </thead>
            <tbody>
              {report.rejected.map((r) => (
                <tr key={r.line} className="border-t border-slate-100">
                  <td className="px-3 py-1.5 font-mono text-xs">{r.line}</td>
                  <td className="px-3 py-1.5 font-mono text-xs">{r.phone}</td>
                  <td className="px-3 py-1.5 text-slate-800">{r.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

/** The report as a CSV file (line, phone, reason), built in the browser. */
function downloadRejected(rejected: Rejected[]) {
  const csv = Papa.unparse(rejected.map((r) => ({ "CSV line": r.line, phone: r.phone, reason: r.reason })));
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = "rejected-profiles.csv";
  a.click();
  URL.revokeObjectURL(url);
}
