"use client";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { dataTableColumns } from "@/components/ui/data-table";
import { formatDateTime } from "@/components/ui/format";
import type { Handlers, Row } from "./endpoint-row";
import { PreviousSecretNote } from "./previous-secret-note";

const col = dataTableColumns<Row>();

export function buildEndpointColumns(h: Handlers) {
  return col.columns([
    col.accessor("url", {
      header: "URL",
      cell: (c) => (
        <div className="min-w-48">
          <code className="font-mono text-xs break-all text-slate-900">{c.getValue()}</code>
          {c.row.original.description ? (
            <div className="text-xs text-slate-500">{c.row.original.description}</div>
          ) : null}
        </div>
      ),
    }),
    col.accessor((r) => r.events.join(" "), {
      id: "events",
      header: "Events",
      cell: (c) =>
        c.row.original.events.length === 0 ? (
          // message.received is opt-in: an endpoint with no events ticked does not get it.
          <span className="text-sm text-slate-600">All except customer messages</span>
        ) : (
          <div className="flex flex-wrap gap-1">
            {c.row.original.events.map((e) => (
              <Badge key={e} tone="info">
                {e}
              </Badge>
            ))}
          </div>
        ),
    }),
    col.accessor((r) => (r.enabled ? "Enabled" : "Disabled"), {
      id: "status",
      header: "Status",
      cell: (c) => (
        <div className="space-y-1">
          <Badge tone={c.row.original.enabled ? "success" : "neutral"} dot>
            {c.getValue()}
          </Badge>
          <PreviousSecretNote expiresAt={c.row.original.previousSecretExpiresAt} />
        </div>
      ),
    }),
    col.accessor("created", {
      header: "Created",
      sortFn: "datetime",
      cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span>,
    }),
    col.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      meta: { align: "end" },
      cell: (c) => {
        const r = c.row.original;
        const name = <span className="sr-only"> {r.url}</span>;
        return (
          <div className="flex justify-end gap-1">
            <Button variant="ghost" size="sm" loading={h.testing === r.id} onClick={() => h.test(r)}>
              Send test{name}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => h.edit(r)}>
              Edit{name}
            </Button>
            {h.canSeeSecrets ? (
              <Button variant="ghost" size="sm" onClick={() => h.secret(r)}>
                Secret{name}
              </Button>
            ) : null}
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700 hover:bg-red-50 hover:text-red-800"
              onClick={() => h.remove(r)}
            >
              Delete{name}
            </Button>
          </div>
        );
      },
    }),
  ]);
}
