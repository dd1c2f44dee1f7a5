"use client";

import Link from "next/link";
import { useState } from "react";
import { buttonClasses } from "@/components/ui/button";
import { focusRing } from "@/components/ui/cn";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { DataTable, dataTableColumns, EmptyState } from "@/components/ui/data-table";
import { formatInZone } from "@/components/ui/format";
import { Icon } from "@/components/ui/icons";
import type { ActionResult } from "@/lib/actions/action-result";
import type { TargetListRow } from "@/lib/promotions/dashboard/list-target-lists";

type Row = TargetListRow & { timeZone: string };
type DeleteList = (id: string) => Promise<ActionResult<{ name: string }>>;

const num = (n: number) => <span className="tabular-nums">{n.toLocaleString("en")}</span>;

function columnsFor(deleteList: DeleteList) {
  const col = dataTableColumns<Row>();
  return col.columns([
    col.accessor("name", {
      header: "Name",
      cell: (c) => <span className="font-medium">{c.getValue()}</span>,
    }),
    col.accessor("rowCount", { header: "Rows", meta: { align: "end" }, cell: (c) => num(c.getValue()) }),
    col.accessor("rejectedCount", {
      header: "Refused",
      meta: { align: "end" },
      cell: (c) => num(c.getValue()),
    }),
    col.accessor("columns", {
      header: "Columns",
      enableSorting: false,
      cell: (c) => (
        <span className="block max-w-40 truncate text-xs text-slate-600" title={c.getValue().join(", ")}>
          {c.getValue().join(", ")}
        </span>
      ),
    }),
    col.accessor("createdAt", {
      header: "Uploaded",
      cell: (c) => (
        <span className="whitespace-nowrap">{formatInZone(c.getValue(), c.row.original.timeZone)}</span>
      ),
    }),
    col.display({
      id: "usedBy",
      header: "Used by",
      cell: (c) => <UsedBy row={c.row.original} />,
    }),
    col.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      meta: { align: "end" },
      cell: (c) => <ListActions row={c.row.original} deleteList={deleteList} />,
    }),
  ]);
}

function UsedBy({ row }: { row: Row }) {
  if (row.usedByCount === 0) return <span className="text-slate-400">Not launched</span>;
  const more = row.usedByCount - row.usedBy.length;
  return (
    <ul className="max-w-48 space-y-0.5">
      {row.usedBy.map((p) => (
        <li key={p.id} className="truncate">
          <Link
            href={`/campaigns/${p.id}`}
            className={`rounded text-indigo-700 hover:underline ${focusRing}`}
          >
            {p.name}
          </Link>
        </li>
      ))}
      {more > 0 ? <li className="text-xs text-slate-500">and {more} more</li> : null}
    </ul>
  );
}

function ListActions({ row, deleteList }: { row: Row; deleteList: DeleteList }) {
  return (
    <div className="flex justify-end gap-1">
      {row.rejectedCount > 0 ? (
        <a
          href={`/campaigns/lists/${row.id}/rejects`}
          download
          title="Download the refused rows (CSV)"
          className={buttonClasses("ghost", "sm")}
        >
          <Icon name="download" className="size-4" />
          <span className="sr-only">Refused rows of {row.name}</span>
        </a>
      ) : null}
      <ConfirmButton
        label="Delete"
        subject={row.name}
        title={`Delete the list “${row.name}”?`}
        description={
          row.usedByCount > 0
            ? `Its ${row.rowCount.toLocaleString("en")} rows and refused rows are deleted. The ${row.usedByCount} campaign(s) launched on it keep their recipients (they were copied at launch) and go on sending; it can no longer be picked for a new campaign.`
            : `Its ${row.rowCount.toLocaleString("en")} rows and refused rows are deleted; it can no longer be picked for a new campaign. Upload it again to use it.`
        }
        confirmLabel="Delete list"
        run={() => deleteList(row.id)}
        done={(data) => ({ title: "List deleted", description: data.name })}
      />
    </div>
  );
}

/** The uploaded lists, one page from the server; search, sort and page in the URL. */
export function ListsTable({
  rows,
  total,
  timeZone,
  deleteList,
}: {
  rows: TargetListRow[];
  total: number;
  timeZone: string;
  deleteList: DeleteList;
}) {
  const [columns] = useState(() => columnsFor(deleteList));
  return (
    <DataTable
      label="Lists"
      columns={columns}
      data={rows.map((r) => ({ ...r, timeZone }))}
      getRowId={(r) => r.id}
      server={{ total, defaultPageSize: 25 }}
      initialSort={[{ id: "createdAt", desc: true }]}
      searchPlaceholder="List name"
      empty={
        <EmptyState
          icon={<Icon name="profiles" />}
          title="No lists yet"
          description="Upload a CSV of numbers here, in the campaign wizard, or through the API (POST /api/v2/promotion/{business_id}/list)."
        />
      }
    />
  );
}
