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

/**
 * The columns, with times in the business's zone. Like a provider's message log, a row says
 * what was sent (the template and the first line the recipient read) and, when it failed, why.
 */
const columnsFor = (timeZone: string) =>
  col.columns([
    col.accessor("createdAt", {
      header: "Created",
      cell: (c) => <span className="whitespace-nowrap">{formatInZone(c.getValue(), timeZone)}</span>,
    }),
    col.accessor("recipient", {
      header: "Recipient",
      cell: (c) => (
        <span className="whitespace-nowrap">
          <span className="font-mono">+{c.getValue()}</span>
          <span className="block text-xs text-slate-600">
            {c.row.original.channel === "rcs" ? "RCS" : "Chatapp"}
          </span>
        </span>
      ),
    }),
    col.accessor("templateName", {
      header: "Message",
      meta: { className: "min-w-56 max-w-sm" },
      cell: (c) => (
        <span className="block min-w-0">
          <span className="block font-medium text-slate-900">
            {c.getValue() || c.row.original.msgType.replace("rcs_", "RCS ")}
          </span>
          {c.row.original.summary ? (
            <span
              data-testid="message-summary"
              className="block text-xs text-slate-600 sm:truncate"
              title={c.row.original.summary}
            >
              {c.row.original.summary}
            </span>
          ) : null}
        </span>
      ),
    }),
    col.accessor("status", {
      header: "Status",
      meta: { className: "min-w-48 max-w-xs" },
      cell: (c) => (
        <span className="block">
          <StatusBadge status={c.getValue()} />
          {c.row.original.reason ? (
            <span data-testid="message-reason" className="mt-1 block text-xs text-red-700">
              {c.row.original.errorCode ? `${c.row.original.errorCode}: ` : ""}
              {c.row.original.reason}
            </span>
          ) : null}
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
      searchable={false}
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
