"use client";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { dataTableColumns } from "@/components/ui/data-table";
import { formatDateTime } from "@/components/ui/format";
import { statusTones, type Row } from "./delivery-row";

const col = dataTableColumns<Row>();

export function buildDeliveryColumns(open: (r: Row) => void) {
  return col.columns([
    col.accessor("created", {
      header: "Created",
      sortFn: "datetime",
      cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span>,
    }),
    col.accessor("event", {
      header: "Event",
      cell: (c) => <code className="font-mono text-xs">{c.getValue()}</code>,
    }),
    col.accessor((r) => r.subjectId ?? "", {
      id: "subject",
      header: "Subject",
      cell: (c) => <code className="font-mono text-xs break-all text-slate-600">{c.getValue() || "—"}</code>,
    }),
    col.accessor("endpointUrl", {
      header: "Endpoint",
      cell: (c) => <code className="font-mono text-xs break-all text-slate-600">{c.getValue()}</code>,
    }),
    col.accessor("status", {
      header: "Status",
      cell: (c) => (
        <Badge tone={statusTones[c.getValue()]} dot>
          {c.getValue()}
        </Badge>
      ),
    }),
    col.accessor("attempts", { header: "Attempts", meta: { align: "end" } }),
    col.accessor((r) => r.lastResponseCode ?? 0, {
      id: "code",
      header: "Last response",
      cell: (c) => (
        <span title={c.row.original.lastError ?? undefined}>
          {c.row.original.lastResponseCode ?? (c.row.original.lastError ? "no response" : "—")}
        </span>
      ),
    }),
    col.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      meta: { align: "end" },
      cell: (c) => (
        <Button variant="ghost" size="sm" onClick={() => open(c.row.original)}>
          Details<span className="sr-only"> of delivery {c.row.original.id}</span>
        </Button>
      ),
    }),
  ]);
}
