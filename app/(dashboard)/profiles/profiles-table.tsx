"use client";

import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime } from "@/components/ui/format";
import { Icon } from "@/components/ui/icons";
import type { ProfileRow } from "@/lib/profiles/list-profiles";

const col = dataTableColumns<ProfileRow>();
const text = (v: string | number | null) =>
  v === null || v === "" ? <span className="text-slate-400">—</span> : v;
const columns = col.columns([
  col.accessor("phone", {
    header: "Phone",
    enableSorting: false,
    cell: (c) => <span className="font-mono text-xs">+{c.getValue()}</span>,
  }),
  col.accessor("name", { header: "Name", enableSorting: false, cell: (c) => text(c.getValue()) }),
  col.accessor("countryCode", { header: "Country", enableSorting: false }),
  col.accessor("city", { header: "City", enableSorting: false, cell: (c) => text(c.getValue()) }),
  col.accessor("age", { header: "Age", enableSorting: false, cell: (c) => text(c.getValue()) }),
  col.accessor("dob", {
    header: "Date of birth",
    enableSorting: false,
    cell: (c) => text(c.getValue()?.split("-").reverse().join("/") ?? null),
  }),
  col.accessor("businessSubscriberId", {
    header: "Subscriber id",
    enableSorting: false,
    cell: (c) => text(c.getValue()),
  }),
  col.accessor("updatedAt", {
    header: "Updated",
    enableSorting: false,
    cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span>,
  }),
]);

export function ProfilesTable({ rows, total }: { rows: ProfileRow[]; total: number }) {
  return (
    <DataTable
      label="Profiles"
      columns={columns}
      data={rows}
      getRowId={(r) => r.id}
      server={{ total, defaultPageSize: 25 }}
      searchPlaceholder="Phone, name, city, subscriber id"
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
