"use client";

import Link from "next/link";
import { useMemo } from "react";
import { StatusBadge } from "@/components/ui/badge";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { formatInZone } from "@/components/ui/format";
import { Icon } from "@/components/ui/icons";
import type { MessageListRow } from "@/lib/messages/status/search-schemas";

const col = dataTableColumns<MessageListRow>();
const mono = "font-mono text-xs break-all";

/** The columns, with times in the business's zone. */
const columnsFor = (timeZone: string) =>
  col.columns([
    col.accessor("createdAt", {
      header: "Created",
      cell: (c) => <span className="whitespace-nowrap">{formatInZone(c.getValue(), timeZone)}</span>,
    }),
    col.accessor("recipient", {
      header: "Recipient",
      cell: (c) => <span className="font-mono">+{c.getValue()}</span>,
    }),
    col.accessor("channel", {
      header: "Channel",
      enableSorting: false,
      cell: (c) => (c.getValue() === "rcs" ? "RCS" : "Chatapp"),
    }),
    col.accessor("templateName", {
      header: "Template",
      cell: (c) =>
        c.getValue() || (
          <span className="text-slate-500">{c.row.original.msgType.replace("rcs_", "RCS ")}</span>
        ),
    }),
    col.accessor("status", {
      header: "Status",
      cell: (c) => (
        <span title={c.row.original.errorCode ? `Error ${c.row.original.errorCode}` : undefined}>
          <StatusBadge status={c.getValue()} />
        </span>
      ),
    }),
    col.accessor("id", {
      header: "Message id",
      enableSorting: false,
      cell: (c) => (
        <Link href={`/messages/${c.getValue()}`} className={`${mono} text-indigo-700 hover:underline`}>
          {c.getValue()}
        </Link>
      ),
    }),
    col.accessor("transactionId", {
      header: "Transaction id",
      enableSorting: false,
      cell: (c) => (
        <Link
          href={`/messages?transactionId=${c.getValue()}`}
          className={`${mono} text-slate-600 hover:underline`}
          title="Messages of this transaction"
        >
          {c.getValue()}
        </Link>
      ),
    }),
  ]);

export function MessagesTable({
  rows,
  total,
  filtered,
  timeZone,
}: {
  rows: MessageListRow[];
  total: number;
  filtered: boolean;
  /** The business's IANA time zone. */
  timeZone: string;
}) {
  const columns = useMemo(() => columnsFor(timeZone), [timeZone]);
  return (
    <DataTable
      label="Messages"
      server={{ total, defaultPageSize: 25 }}
      columns={columns}
      data={rows}
      getRowId={(r) => r.id}
      initialSort={[{ id: "createdAt", desc: true }]}
      searchPlaceholder="Search by id, number or template"
      empty={
        <EmptyState
          icon={<Icon name="messages" />}
          title={filtered ? "No messages match these filters" : "No messages yet"}
          description={
            filtered
              ? "Clear a filter or widen the time range."
              : "Messages sent over chatapp or RCS through the API appear here with their status."
          }
        />
      }
    />
  );
}
