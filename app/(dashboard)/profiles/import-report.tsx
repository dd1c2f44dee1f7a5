"use client";

import { csvLine } from "@/lib/csv/csv-line";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { Rejected, Report } from "./import-fields";

/** What the import did: counts, and every rejected row with its CSV line and reason. */
export function ImportReport({ report }: { report: Report }) {
  return (
    <div className="space-y-3" data-testid="import-report">
      <Alert tone={report.rejected.length || report.duplicates.length ? "warning" : "success"}>
        <span data-testid="import-summary">
          {report.uploaded.toLocaleString("en-US")} uploaded, {report.rejected.length.toLocaleString("en-US")}{" "}
          rejected of {report.total.toLocaleString("en-US")} rows.
        </span>
        {report.duplicates.length > 0 ? (
          <span data-testid="import-duplicates">
            {" "}
            {report.duplicates.length.toLocaleString("en-US")} of the uploaded rows repeat the number of an
            earlier row, so {(report.uploaded - report.duplicates.length).toLocaleString("en-US")} profiles
            were stored: the later row&apos;s values replaced the earlier one&apos;s.
          </span>
        ) : null}
      </Alert>
      {report.duplicates.length > 0 ? (
        <details className="rounded-md ring-1 ring-slate-200">
          <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-800">
            Rows that repeat a number ({report.duplicates.length.toLocaleString("en-US")})
          </summary>
          <ul
            className="max-h-48 overflow-y-auto px-3 pb-2 text-sm text-slate-700"
            aria-label="Repeated numbers"
          >
            {report.duplicates.map((d) => (
              <li key={d.line}>
                Line {d.line} ({d.phone}) repeats line {d.firstLine}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
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

/**
 * The report as a CSV file (line, phone, reason), built in the browser. The phone cell is the
 * file's own text, so a cell like =HYPERLINK(...) is neutralised before it goes back out.
 */
function downloadRejected(rejected: Rejected[]) {
  const csv = [["CSV line", "phone", "reason"], ...rejected.map((r) => [r.line, r.phone, r.reason])]
    .map(csvLine)
    .join("");
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = "rejected-profiles.csv";
  a.click();
  URL.revokeObjectURL(url);
}
