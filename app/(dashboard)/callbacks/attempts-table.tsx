import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/components/ui/format";
import type { Detail } from "./delivery-row";

/** Every attempt of one delivery: when, the receiver's answer, how long it took. */
export function AttemptsTable({ detail }: { detail: Detail }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label="Attempts">
        <thead className="text-xs text-slate-500 uppercase">
          <tr>
            <th className="py-1 pr-3">#</th>
            <th className="py-1 pr-3">Time</th>
            <th className="py-1 pr-3">Response</th>
            <th className="py-1 pr-3">Latency</th>
            <th className="py-1">Error / body</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {detail.attemptLog.length === 0 ? (
            <tr>
              <td colSpan={5} className="py-2 text-slate-500">
                No attempt yet{detail.lastError ? `: ${detail.lastError}` : ""}.
              </td>
            </tr>
          ) : (
            detail.attemptLog.map((a) => (
              <tr key={a.id} data-testid="attempt-row">
                <td className="py-1 pr-3">{a.attemptNo}</td>
                <td className="py-1 pr-3 whitespace-nowrap">{formatDateTime(a.requestedAt * 1000)}</td>
                <td className="py-1 pr-3">
                  {a.responseStatus === null ? (
                    <Badge tone="danger">no response</Badge>
                  ) : (
                    <Badge tone={a.responseStatus < 300 ? "success" : "danger"}>{a.responseStatus}</Badge>
                  )}
                </td>
                <td className="py-1 pr-3 whitespace-nowrap">{a.latencyMs} ms</td>
                <td className="py-1 font-mono text-xs break-all text-slate-600">
                  {a.error ?? a.responseBody ?? ""}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
