"use client";

import { useState } from "react";
import { StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime } from "@/components/ui/format";
import { Icon } from "@/components/ui/icons";
import type { ListedCall } from "@/lib/calls/list-calls";
import { terminalCallStatuses } from "@/lib/calls/schemas";

const secs = (n: number) => (n >= 60 ? `${Math.floor(n / 60)} min ${n % 60} s` : `${n} s`);
const at = (epoch: number | null) => (epoch === null ? "—" : formatDateTime(new Date(epoch * 1000)));
const ended = (c: ListedCall) => terminalCallStatuses.includes(c.status);
const legName = (i: number) => (i === 0 ? "Agent" : "Customer");

const col = dataTableColumns<ListedCall>();
const columns = col.columns([
  col.accessor("createdAt", {
    header: "Placed",
    enableSorting: false,
    cell: (c) => <span className="whitespace-nowrap">{at(c.getValue())}</span>,
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
    cell: (c) => <span className="font-mono text-xs whitespace-nowrap">+{c.getValue()}</span>,
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
    cell: (c) => (ended(c.row.original) ? secs(c.getValue()) : <span className="text-slate-400">—</span>),
  }),
  col.accessor("recordingUrl", {
    header: "Recording",
    enableSorting: false,
    cell: (c) =>
      c.getValue() ? (
        <a
          href={c.getValue()!}
          className="text-indigo-700 underline hover:text-indigo-900"
          target="_blank"
          rel="noreferrer"
        >
          Listen<span className="sr-only"> to call {c.row.original.callSid}</span>
        </a>
      ) : (
        <span className="text-slate-400">—</span>
      ),
  }),
  col.display({
    id: "details",
    header: () => <span className="sr-only">Details</span>,
    meta: { align: "end" },
    cell: (c) => <CallDetails call={c.row.original} />,
  }),
]);

export function CallsTable({
  rows,
  total,
  isAgent,
}: {
  rows: ListedCall[];
  total: number;
  isAgent: boolean;
}) {
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
          description={
            isAgent
              ? "Calls you place with the Call button appear here with their call data record."
              : "Calls placed with the Call button or through the API appear here with their call data record."
          }
        />
      }
    />
  );
}

/** The call data record as the CDR callback sends it, plus the recording player. */
function CallDetails({ call }: { call: ListedCall }) {
  const [open, setOpen] = useState(false);
  const fields: [string, React.ReactNode][] = [
    [
      "Reference (CallSid)",
      <span key="sid" className="flex items-center gap-0.5">
        <code className="font-mono text-xs break-all">{call.callSid}</code>
        <CopyButton value={call.callSid} label="Copy the reference" variant="ghost" iconOnly />
      </span>,
    ],
    ["Status", <StatusBadge key="st" status={call.status} />],
    ["Direction", call.direction],
    ["Agent", `${call.agentName} (${call.agentEmail}), +${call.from}`],
    ["To", `+${call.to}`],
    ["Shown number", `+${call.callerId}`],
    ["Provider", call.providerCallSid ? `${call.provider} (${call.providerCallSid})` : call.provider],
    ["Placed", at(call.createdAt)],
    ["Started", at(call.startedAt)],
    ["Ended", at(call.endedAt)],
    ["Talk time", ended(call) ? secs(call.conversationDuration) : "—"],
  ];
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        Details<span className="sr-only"> of call {call.callSid}</span>
      </Button>
      {/* The dialog inherits text alignment from this end-aligned cell: reset it. */}
      {open ? (
        <div className="text-left">
          <Dialog open onClose={() => setOpen(false)} title="Call details" description="The call data record">
            <dl className="grid grid-cols-[10rem_1fr] gap-x-4 gap-y-2 text-sm">
              {fields.map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="text-slate-500">{k}</dt>
                  <dd className="text-slate-900">{v}</dd>
                </div>
              ))}
            </dl>
            <h3 className="mt-5 mb-2 text-sm font-semibold text-slate-900">Legs</h3>
            {call.legs.length ? (
              <table className="min-w-full text-sm" aria-label="Call legs">
                <thead className="text-left text-slate-500">
                  <tr>
                    <th className="py-1 font-medium">Leg</th>
                    <th className="py-1 font-medium">Status</th>
                    <th className="py-1 font-medium">On call</th>
                  </tr>
                </thead>
                <tbody>
                  {call.legs.map((l, i) => (
                    <tr key={i} className="border-t border-slate-100">
                      <td className="py-1">{legName(i)}</td>
                      <td className="py-1">{l.Status}</td>
                      <td className="py-1">{secs(l.OnCallDuration)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="text-sm text-slate-500">The legs are known when the call ends.</p>
            )}
            {call.recordingUrl ? (
              <>
                <h3 className="mt-5 mb-2 text-sm font-semibold text-slate-900">Recording</h3>
                <audio controls preload="none" src={call.recordingUrl} className="w-full">
                  <a href={call.recordingUrl}>Download the recording</a>
                </audio>
              </>
            ) : null}
          </Dialog>
        </div>
      ) : null}
    </>
  );
}
