"use client";

import Link from "next/link";
import { StatusBadge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icons";
import type { ReceivedCampaign } from "@/lib/audiences/subscriber-page";

type Row = ReceivedCampaign & { at: string };

const col = dataTableColumns<Row>();
const columns = col.columns([
  col.accessor("name", {
    header: "Campaign",
    cell: (c) => (
      <Link
        href={`/campaigns/${c.row.original.promotionId}`}
        className="font-medium text-indigo-700 hover:underline"
      >
        {c.getValue()}
      </Link>
    ),
  }),
  col.accessor("channel", { header: "Channel", cell: (c) => (c.getValue() === "rcs" ? "RCS" : "Chatapp") }),
  col.accessor("status", { header: "Outcome", cell: (c) => <StatusBadge status={c.getValue()} /> }),
  col.accessor("interacted", { header: "Replied", cell: (c) => (c.getValue() ? "Yes" : "No") }),
  col.accessor("at", {
    header: "Sent",
    cell: (c) => <span className="whitespace-nowrap">{c.getValue()}</span>,
  }),
]);

/** The latest campaign messages the number was sent, with what became of each. */
export function ReceivedCampaigns({ rows }: { rows: Row[] }) {
  return (
    <Card>
      <CardHeader
        title="Campaigns received"
        description="The latest 20 campaign messages sent to this number."
      />
      <CardBody>
        <DataTable
          label="Campaigns received"
          columns={columns}
          data={rows}
          getRowId={(r) => `${r.promotionId}-${r.sentAt}`}
          empty={
            <EmptyState
              icon={<Icon name="campaigns" />}
              title="No campaigns yet"
              description="Campaign messages sent to this number appear here."
            />
          }
        />
      </CardBody>
    </Card>
  );
}
