"use client";

import Link from "next/link";
import { StatusBadge } from "@/components/ui/badge";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime } from "@/components/ui/format";
import { Icon } from "@/components/ui/icons";
import type { TemplateListRow, TemplateSearchFilters } from "@/lib/templates/search-schemas";
import { TemplateFilters } from "./template-filters";

const col = dataTableColumns<TemplateListRow>();
const num = (header: string, key: "sent" | "delivered" | "read" | "failed") =>
  col.accessor(key, {
    header,
    meta: { align: "end", className: "w-px whitespace-nowrap tabular-nums" },
    cell: (c) => c.getValue().toLocaleString("en"),
  });
const channelLabel = (c: string) => (c === "rcs" ? "RCS" : "Chatapp");
const titleCase = (s: string) => s[0] + s.slice(1).toLowerCase();

// Channel, language and category sit under the name (filters cover them), so the table fits
// a 1,120 px content box; at phone width only the table's own box scrolls.
const columns = col.columns([
  col.accessor("name", {
    header: "Name",
    meta: { className: "min-w-48" },
    cell: (c) => {
      const r = c.row.original;
      return (
        <div className="min-w-0">
          <Link href={`/templates/${r.id}`} className="font-medium break-all text-indigo-700 hover:underline">
            {r.name}
          </Link>
          <p className="text-xs text-slate-600">
            {channelLabel(r.channel)} · {r.language}
            {r.category ? ` · ${titleCase(r.category)}` : ""}
          </p>
        </div>
      );
    },
  }),
  col.accessor("status", {
    header: "Status",
    meta: { className: "w-px" },
    cell: (c) => (
      <span title={c.row.original.rejectionReason ?? undefined}>
        <StatusBadge status={c.getValue()} />
      </span>
    ),
  }),
  num("Sent", "sent"),
  num("Delivered", "delivered"),
  num("Read", "read"),
  num("Failed", "failed"),
  col.accessor("createdAt", {
    header: "Created",
    meta: { className: "w-px whitespace-nowrap" },
    cell: (c) => formatDateTime(c.getValue()),
  }),
]);

export function TemplatesTable({
  rows,
  total,
  filters,
  filtered,
}: {
  rows: TemplateListRow[];
  total: number;
  filters: TemplateSearchFilters;
  filtered: boolean;
}) {
  return (
    <DataTable
      label="Templates"
      server={{ total, defaultPageSize: 25 }}
      columns={columns}
      data={rows}
      getRowId={(r) => r.id}
      initialSort={[{ id: "createdAt", desc: true }]}
      searchPlaceholder="Search by name or language"
      toolbar={<TemplateFilters filters={filters} />}
      empty={
        filtered ? (
          <EmptyState
            icon={<Icon name="search" />}
            title="No templates match these filters"
            description="Choose “All” in a filter to widen the list."
          />
        ) : (
          <EmptyState
            icon={<Icon name="templates" />}
            title="No templates yet"
            description="Create a template and submit it for approval; once approved you can send it."
          />
        )
      }
    />
  );
}
