"use client";

import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { DataTable, dataTableColumns, EmptyState } from "@/components/ui/data-table";
import { formatInZone } from "@/components/ui/format";
import { Icon } from "@/components/ui/icons";
import type { ActionResult } from "@/lib/actions/action-result";
import type { OptOutSource } from "@/lib/promotions/opt-outs/schemas";

export type OptOutRow = { phone: string; source: OptOutSource; createdAt: number };
type Row = OptOutRow & { timeZone: string };
type RemoveOptOuts = (input: { phones: string[] }) => Promise<ActionResult<{ removed: number }>>;

const sources: Record<OptOutSource, string> = {
  reply: "STOP reply",
  api: "API",
  dashboard: "Dashboard",
  import: "CSV import",
};

function columnsFor(remove: RemoveOptOuts) {
  const col = dataTableColumns<Row>();
  return col.columns([
    col.accessor("phone", {
      header: "Phone",
      enableSorting: false,
      cell: (c) => <span className="font-mono text-xs">+{c.getValue()}</span>,
    }),
    col.accessor("source", {
      header: "Source",
      enableSorting: false,
      cell: (c) => (
        <Badge tone={c.getValue() === "reply" ? "warning" : "neutral"}>{sources[c.getValue()]}</Badge>
      ),
    }),
    col.accessor("createdAt", {
      header: "Added",
      enableSorting: false,
      cell: (c) => (
        <span className="whitespace-nowrap">
          {formatInZone(c.getValue() * 1000, c.row.original.timeZone)}
        </span>
      ),
    }),
    col.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      meta: { align: "end" },
      cell: (c) => <RemoveOptOut phone={c.row.original.phone} remove={remove} />,
    }),
  ]);
}

function RemoveOptOut({ phone, remove }: { phone: string; remove: RemoveOptOuts }) {
  return (
    <ConfirmButton
      label="Remove"
      subject={`+${phone}`}
      title={`Remove +${phone} from the opt-outs?`}
      description="Campaigns launched from now on send to this number again. Only do this when the customer asked to receive them again. Campaigns already launched keep it out."
      confirmLabel="Remove opt-out"
      run={() => remove({ phones: [phone] })}
      done={() => ({ title: "Opt-out removed", description: `+${phone}` })}
    />
  );
}

/** The business's opt-out list, newest first, one page from the server; search by phone. */
export function OptOutsTable({
  rows,
  total,
  timeZone,
  remove,
}: {
  rows: OptOutRow[];
  total: number;
  timeZone: string;
  remove: RemoveOptOuts;
}) {
  const [columns] = useState(() => columnsFor(remove));
  return (
    <DataTable
      label="Opt-outs"
      columns={columns}
      data={rows.map((r) => ({ ...r, timeZone }))}
      getRowId={(r) => r.phone}
      server={{ total, defaultPageSize: 25 }}
      searchPlaceholder="Phone number"
      empty={
        <EmptyState
          icon={<Icon name="lock" />}
          title="Nobody has opted out"
          description="Customers who reply STOP or UNSUBSCRIBE land here and never receive a campaign. Add numbers by hand or import a CSV."
        />
      }
    />
  );
}
