"use client";

import Papa from "papaparse";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { Rejected, Report } from "./import-fields";

/** What the import did: counts, and every rejected row with its CSV line and reason. */
export function ImportReport({ report }: { report: Report }) {
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
