"use client";

import Link from "next/link";
import { StatusBadge } from "@/components/ui/badge";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime } from "@/components/ui/format";
import { Icon } from "@/components/ui/icons";
import type { ReplyRow } from "@/lib/inbound/search-replies";

const col = dataTableColumns<ReplyRow>();
const link = "text-indigo-700 underline-offset-2 hover:underline";

const columns = col.columns([
  col.accessor("from", {
    header: "From",
    cell: (c) => (
      <Link
        href={`/virtual-phone?number=${c.getValue()}`}
        className={`font-mono whitespace-nowrap ${link}`}
        title="Open this number's conversation"
      >
        +{c.getValue()}
      </Link>
    ),
  }),
  col.accessor("text", {
    header: "Reply",
    enableSorting: false,
    meta: { className: "min-w-48" },
    cell: (c) => (
      <span className="break-words whitespace-pre-wrap">
        {c.getValue() ?? <span className="text-slate-600">[{c.row.original.type}]</span>}
      </span>
    ),
  }),
  col.accessor("lastSent", {
    header: "In reply to (last message sent)",
    enableSorting: false,
    cell: (c) => {
      const m = c.getValue();
      if (!m) return <span className="text-slate-600">Nothing sent before</span>;
      return (
        <span className="flex flex-wrap items-center gap-2">
          <Link href={`/messages/${m.id}`} className={link}>
            {m.templateName || m.msgType.replace("rcs_", "RCS ")}
          </Link>
          <StatusBadge status={m.status} />
          <span className="text-xs whitespace-nowrap text-slate-600">{formatDateTime(m.createdAt)}</span>
        </span>
      );
    },
  }),
  col.accessor("receivedAt", {
    header: "Received",
    cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span>,
  }),
  col.accessor("channel", {
    header: "Channel",
    enableSorting: false,
    cell: (c) => (c.getValue() === "rcs" ? "RCS" : "Chatapp"),
  }),
]);

export function RepliesTable({
  rows,
  total,
  searched,
}: {
  rows: ReplyRow[];
  total: number;
  searched: boolean;
}) {
  return (
    <DataTable
      label="Replies"
      server={{ total, defaultPageSize: 25 }}
      columns={columns}
      data={rows}
      getRowId={(r) => r.id}
      initialSort={[{ id: "receivedAt", desc: true }]}
      searchPlaceholder="Search by number (+91 98123 40002) or text"
      empty={
        <EmptyState
          icon={<Icon name="reply" />}
          title={searched ? "No replies match" : "No customer replies yet"}
          description={
            searched
              ? "Numbers match from their start, with or without the country code."
              : "Messages customers send to your numbers and RCS agents appear here. Try it: reply from the virtual phone."
          }
        />
      }
    />
  );
}
