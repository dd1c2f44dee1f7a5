"use client";

import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime } from "@/components/ui/format";
import { Icon } from "@/components/ui/icons";
import type { ProfileRow } from "@/lib/profiles/list-profiles";
import { BulkChange, type BulkChoices } from "./bulk-change";
import { ProfileActions } from "./profile-actions";

const col = dataTableColumns<ProfileRow>();
const text = (v: string | number | null) =>
  v === null || v === "" ? <span className="text-slate-400">—</span> : v;
const columns = col.columns([
  col.accessor("phone", {
    header: "Phone",
    cell: (c) => (
      <Link href={`/profiles/${c.getValue()}`} className="font-mono text-xs text-indigo-700 hover:underline">
        +{c.getValue()}
      </Link>
    ),
  }),
  col.accessor("name", { header: "Name", cell: (c) => text(c.getValue()) }),
  col.accessor("countryCode", { header: "Country" }),
  col.accessor("city", { header: "City", cell: (c) => text(c.getValue()) }),
  col.accessor("age", { header: "Age", cell: (c) => text(c.getValue()) }),
  col.accessor("dob", {
    header: "Date of birth",
    cell: (c) => text(c.getValue()?.split("-").reverse().join("/") ?? null),
  }),
  col.accessor("businessSubscriberId", {
    header: "Subscriber id",
    enableSorting: false,
    cell: (c) => text(c.getValue()),
  }),
  col.accessor("updatedAt", {
    header: "Updated",
    cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span>,
  }),
  col.display({
    id: "actions",
    header: () => <span className="sr-only">Actions</span>,
    meta: { align: "end" },
    cell: (c) => <ProfileActions profile={c.row.original} />,
  }),
]);

export function ProfilesTable({
  rows,
  total,
  q,
  choices,
}: {
  rows: ProfileRow[];
  total: number;
  q: string;
  choices: BulkChoices;
}) {
  return (
    <DataTable
      label="Profiles"
      columns={columns}
      data={rows}
      getRowId={(r) => r.id}
      server={{ total, defaultPageSize: 25 }}
      initialSort={[{ id: "updatedAt", desc: true }]}
      searchPlaceholder="Phone, name, city, subscriber id"
      toolbar={
        <div className="flex flex-wrap gap-2">
          <BulkChange q={q} total={total} choices={choices} />
          {/* A plain link: the file comes from a route handler, not a page to navigate to. */}
          <a
            href={`/profiles/export${q ? `?q=${encodeURIComponent(q)}` : ""}`}
            download
            className={buttonClasses("secondary", "md")}
          >
            <Icon name="download" className="size-4" />
            {q ? "Export matches (CSV)" : "Export CSV"}
          </a>
        </div>
      }
      empty={
        <EmptyState
          icon={<Icon name="profiles" />}
          title="No profiles yet"
          description="Import a CSV of subscribers, or upload them through the API."
        />
      }
    />
  );
}
