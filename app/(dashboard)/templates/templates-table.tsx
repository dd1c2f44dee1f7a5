"use client";

import Link from "next/link";
import { useMemo, useState } from "react";
import { StatusBadge } from "@/components/ui/badge";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { Select } from "@/components/ui/field";
import { formatDateTime } from "@/components/ui/format";
import { Icon } from "@/components/ui/icons";

export type TemplateRow = {
  id: string;
  name: string;
  channel: "chatapp" | "rcs";
  language: string;
  category: string;
  status: string;
  rejectionReason: string | null;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  createdAt: Date;
};

const col = dataTableColumns<TemplateRow>();
const num = (header: string, key: "sent" | "delivered" | "read" | "failed") =>
  col.accessor(key, { header, meta: { align: "end" }, cell: (c) => c.getValue().toLocaleString() });

const columns = col.columns([
  col.accessor("name", {
    header: "Name",
    cell: (c) => (
      <Link href={`/templates/${c.row.original.id}`} className="font-medium text-indigo-700 hover:underline">
        {c.getValue()}
      </Link>
    ),
  }),
  col.accessor("channel", { header: "Channel", cell: (c) => (c.getValue() === "rcs" ? "RCS" : "Chatapp") }),
  col.accessor("category", { header: "Category" }),
  col.accessor("language", { header: "Language" }),
  col.accessor("status", {
    header: "Status",
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
    sortFn: "datetime",
    cell: (c) => formatDateTime(c.getValue()),
  }),
]);

const any = { value: "", label: "All" };

export function TemplatesTable({ rows }: { rows: TemplateRow[] }) {
  const [channel, setChannel] = useState("");
  const [status, setStatus] = useState("");
  const [category, setCategory] = useState("");
  const filtered = useMemo(
    () =>
      rows.filter(
        (r) =>
          (!channel || r.channel === channel) &&
          (!status || r.status === status) &&
          (!category || r.category === category),
      ),
    [rows, channel, status, category],
  );
  const filters = (
    <div className="flex flex-wrap gap-2">
      <Select
        label="Channel"
        hideLabel
        className="w-32"
        value={channel}
        onChange={(e) => setChannel(e.target.value)}
        options={[
          { ...any, label: "All channels" },
          { value: "chatapp", label: "Chatapp" },
          { value: "rcs", label: "RCS" },
        ]}
      />
      <Select
        label="Status"
        hideLabel
        className="w-36"
        value={status}
        onChange={(e) => setStatus(e.target.value)}
        options={[
          { ...any, label: "All statuses" },
          { value: "PENDING", label: "Pending" },
          { value: "APPROVED", label: "Approved" },
          { value: "REJECTED", label: "Rejected" },
        ]}
      />
      <Select
        label="Category"
        hideLabel
        className="w-40"
        value={category}
        onChange={(e) => setCategory(e.target.value)}
        options={[
          { ...any, label: "All categories" },
          { value: "UTILITY", label: "Utility" },
          { value: "MARKETING", label: "Marketing" },
          { value: "AUTHENTICATION", label: "Authentication" },
        ]}
      />
    </div>
  );
  return (
    <DataTable
      label="Templates"
      columns={columns}
      data={filtered}
      getRowId={(r) => r.id}
      initialSort={[{ id: "createdAt", desc: true }]}
      searchPlaceholder="Search by name"
      toolbar={rows.length ? filters : undefined}
      empty={
        rows.length ? (
          <EmptyState icon={<Icon name="search" />} title="No templates match these filters" />
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
