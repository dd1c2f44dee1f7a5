"use client";

import Papa from "papaparse";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { uploadProfilesAction } from "./actions";
import {
  CHUNK,
  FIELDS,
  guessExtra,
  guessMapping,
  plainReason,
  tagList,
  type ExtraMapping,
  type Duplicate,
  type Mapping,
  type Rejected,
  type Report,
} from "./import-fields";

/**
 * The import's state: papaparse reads the file in the browser, `mapped` is every row as it will
 * be sent, and `start` sends them in chunks of 1,000, collecting the rejected rows' lines.
 */
export function useProfileImport(
  businessCountry: string | null,
  attributes: Array<{ key: string; label: string }>,
) {
  const router = useRouter();
  const [fileName, setFileName] = useState("");
  const [headers, setHeaders] = useState<string[]>([]);
  const [rows, setRows] = useState<Record<string, string>[]>([]);
  const [mapping, setMapping] = useState<Mapping>(guessMapping([]));
  const [extra, setExtra] = useState<ExtraMapping>(guessExtra([], attributes));
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
        setExtra(guessExtra(fields, attributes));
      },
      error: (err) => setError(`Could not read the file: ${err.message}`),
    });
  }

  const mapped = useMemo(
    () =>
      rows.map((r) => {
        const p: Record<string, string> & { tags?: string[]; attributes?: Record<string, string> } = {};
        for (const f of FIELDS) if (mapping[f.key]) p[f.key] = (r[mapping[f.key]] ?? "").trim();
        // Blank: the server applies the business's default country (or rejects the row).
        if (!p.countrycode && defaultCountry.trim()) p.countrycode = defaultCountry.trim();
        // F1's extra keys: tags only add, a blank attribute cell says nothing (as the API).
        const tags = [...tagList(extra.tagsColumn ? r[extra.tagsColumn] : ""), ...tagList(extra.tagAll)];
        if (tags.length > 0) p.tags = tags;
        const values = Object.entries(extra.attributes)
          .filter(([, column]) => column)
          .map(([key, column]) => [key, (r[column] ?? "").trim()] as const)
          .filter(([, v]) => v !== "");
        if (values.length > 0) p.attributes = Object.fromEntries(values);
        return p;
      }),
    [rows, mapping, defaultCountry, extra],
  );

  async function start() {
    setError(null);
    const rejected: Rejected[] = [];
    const duplicates: Duplicate[] = [];
    // Numbers as stored (the server normalises them) -> the first CSV line that had them.
    const firstLine = new Map<string, number>();
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
        setReport({ total: start, uploaded, rejected, duplicates });
        router.refresh();
        return;
      }
      uploaded += res.data.uploaded;
      for (const e of res.data.errors) {
        // +2: the header is line 1 and rows count from 0.
        rejected.push({
          line: start + e.index + 2,
          phone: chunk[e.index]?.phone ?? "",
          reason: plainReason(e.reason),
        });
      }
      for (const a of res.data.accepted) {
        const line = start + a.index + 2;
        const first = firstLine.get(a.phone);
        if (first === undefined) firstLine.set(a.phone, line);
        else duplicates.push({ line, phone: chunk[a.index]?.phone ?? a.phone, firstLine: first });
      }
      setProgress({ done: Math.min(start + CHUNK, mapped.length), total: mapped.length });
    }
    setReport({ total: mapped.length, uploaded, rejected, duplicates });
    router.refresh();
  }

  const busy = progress !== null && report === null;
  const pct = progress ? Math.round((progress.done / Math.max(1, progress.total)) * 100) : 0;

  return {
    fileName,
    headers,
    rows,
    mapping,
    setMapping,
    extra,
    setExtra,
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
  };
}
