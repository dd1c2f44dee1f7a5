"use client";

import Link from "next/link";
import { useMemo } from "react";
import { StatusBadge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { formatInZone } from "@/components/ui/format";
import { Icon } from "@/components/ui/icons";
import type { MessageListRow } from "@/lib/messages/status/search-schemas";

const col = dataTableColumns<MessageListRow>();
const mono = "font-mono text-xs whitespace-nowrap";

/**
 * A UUID is 36 characters: in full it wrapped onto four lines at 1280 px. The table shows its
 * last 8 (what differs between two UUIDv7 made in the same second), the full id in the title
 * and on the message's page, and a button copies the full id.
 */
const shortId = (id: string) => (id.length > 12 ? `…${id.slice(-8)}` : id);

function IdCell(props: { id: string; href: string; title: string; copyLabel: string; tone: string }) {
  const { id, href, title, copyLabel, tone } = props;
  // The visible short form is hidden from screen readers, which read (and tests find) the full id.
  return (
    <span className="flex items-center gap-0.5 whitespace-nowrap">
      <Link href={href} className={`${mono} ${tone} hover:underline`} title={`${title}: ${id}`}>
        <span aria-hidden="true">{shortId(id)}</span>
        <span className="sr-only">{id}</span>
      </Link>
      <CopyButton value={id} label={copyLabel} variant="ghost" iconOnly />
    </span>
  );
}

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
        <IdCell
          id={c.getValue()}
          href={`/messages/${c.getValue()}`}
          title="Message"
          copyLabel="Copy the message id"
          tone="text-indigo-700"
        />
      ),
    }),
    col.accessor("transactionId", {
      header: "Transaction id",
      enableSorting: false,
      cell: (c) => (
        <IdCell
          id={c.getValue()}
          href={`/messages?transactionId=${c.getValue()}`}
          title="Messages of transaction"
          copyLabel="Copy the transaction id"
          tone="text-slate-600"
        />
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
