"use client";

import { StatusBadge } from "@/components/ui/badge";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime } from "@/components/ui/format";
import { Icon } from "@/components/ui/icons";
import type { ListedCall } from "@/lib/calls/list-calls";

const col = dataTableColumns<ListedCall>();
const secs = (n: number) => (n >= 60 ? `${Math.floor(n / 60)} min ${n % 60} s` : `${n} s`);
const columns = col.columns([
  col.accessor("createdAt", {
    header: "Placed",
    enableSorting: false,
    cell: (c) => <span className="whitespace-nowrap">{formatDateTime(new Date(c.getValue() * 1000))}</span>,
  }),
  col.accessor("agentName", {
    header: "Agent",
    enableSorting: false,
    cell: (c) => (
      <div>
        <div>{c.getValue()}</div>
        <div className="font-mono text-xs text-slate-500">+{c.row.original.from}</div>
      </div>
    ),
  }),
  col.accessor("to", {
    header: "To",
    enableSorting: false,
    cell: (c) => <span className="font-mono text-xs">+{c.getValue()}</span>,
  }),
  col.accessor("status", {
    header: "Status",
    enableSorting: false,
    cell: (c) => (
      <span data-testid={`call-status-${c.row.original.callSid}`}>
        <StatusBadge status={c.getValue()} />
      </span>
    ),
  }),
  col.accessor("conversationDuration", {
    header: "Talk time",
    enableSorting: false,
    cell: (c) => secs(c.getValue()),
  }),
  col.accessor("legs", {
    header: "Legs",
    enableSorting: false,
    cell: (c) =>
      c.getValue().length ? (
        <span className="text-xs text-slate-600">
          {c
            .getValue()
            .map((l, i) => `${i === 0 ? "agent" : "customer"} ${l.Status} ${secs(l.OnCallDuration)}`)
            .join(" · ")}
        </span>
      ) : (
        "—"
      ),
  }),
  col.accessor("recordingUrl", {
    header: "Recording",
    enableSorting: false,
    cell: (c) =>
      c.getValue() ? (
        <a href={c.getValue()!} className="text-indigo-700 underline" target="_blank" rel="noreferrer">
          Listen<span className="sr-only"> to call {c.row.original.callSid}</span>
        </a>
      ) : (
        "—"
      ),
  }),
  col.accessor("callSid", {
    header: "Reference",
    enableSorting: false,
    cell: (c) => <span className="font-mono text-[11px] text-slate-500">{c.getValue()}</span>,
  }),
]);

export function CallsTable({ rows, total }: { rows: ListedCall[]; total: number }) {
  return (
    <DataTable
      label="Calls"
      columns={columns}
      data={rows}
      getRowId={(r) => r.callSid}
      server={{ total, defaultPageSize: 25 }}
      searchable={false}
      empty={
        <EmptyState
          icon={<Icon name="calls" />}
          title="No calls yet"
          description="Place a call with the Call button, or through the API (G9)."
        />
      }
    />
  );
}
