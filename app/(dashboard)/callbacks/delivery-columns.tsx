"use client";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { dataTableColumns } from "@/components/ui/data-table";
import { formatDateTime } from "@/components/ui/format";
import { statusTones, type Row } from "./delivery-row";

const col = dataTableColumns<Row>();

export function buildDeliveryColumns(open: (r: Row) => void) {
  return col.columns([
    col.accessor("created", {
      header: "Created",
      sortFn: "datetime",
      cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span>,
    }),
    // Event and subject in one column, status and attempts in another: the log fits a laptop
    // screen without the error and Details going off to the right.
    col.accessor((r) => `${r.event} ${r.subjectId ?? ""}`, {
      id: "event",
      header: "Event",
      cell: (c) => (
        <div className="space-y-0.5">
          <code className="font-mono text-xs">{c.row.original.event}</code>
          {c.row.original.subjectId ? (
            <code
              className="block max-w-36 truncate font-mono text-xs text-slate-600"
              title={c.row.original.subjectId}
            >
              {c.row.original.subjectId}
            </code>
          ) : null}
        </div>
      ),
    }),
    col.accessor("endpointUrl", {
      header: "Endpoint",
      cell: (c) => (
        <code className="block max-w-48 font-mono text-xs break-all text-slate-600">{c.getValue()}</code>
      ),
    }),
    col.accessor("status", {
      header: "Status",
      // "pending" alone hid a failing endpoint: say when the next try is.
      cell: (c) => (
        <div className="space-y-0.5">
          <Badge tone={statusTones[c.getValue()]} dot>
            {c.getValue() === "pending" && c.row.original.attempts > 0 ? "retrying" : c.getValue()}
          </Badge>
          <p className="text-xs whitespace-nowrap text-slate-600">
            {c.row.original.attempts} {c.row.original.attempts === 1 ? "attempt" : "attempts"}
          </p>
          {c.getValue() === "pending" && c.row.original.nextAttemptAt ? (
            <p className="text-xs whitespace-nowrap text-slate-600">
              next {formatDateTime(c.row.original.nextAttemptAt * 1000)}
            </p>
          ) : null}
        </div>
      ),
    }),
    col.accessor((r) => r.lastResponseCode ?? 0, {
      id: "code",
      header: "Last response",
      // A TLS or connection failure has no HTTP code: its error is the answer worth reading.
      cell: (c) => {
        const { lastResponseCode: code, lastError: error } = c.row.original;
        if (code !== null)
          return <span className={code < 300 ? "" : "font-medium text-red-700"}>HTTP {code}</span>;
        if (!error) return "—";
        return (
          <span title={error} className="line-clamp-2 max-w-56 text-xs break-words text-red-700">
            {error}
          </span>
        );
      },
    }),
    col.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      meta: { align: "end" },
      cell: (c) => (
        <Button variant="ghost" size="sm" onClick={() => open(c.row.original)}>
          Details<span className="sr-only"> of delivery {c.row.original.id}</span>
        </Button>
      ),
    }),
  ]);
}
