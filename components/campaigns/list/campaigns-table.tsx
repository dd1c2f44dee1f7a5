"use client";

import Link from "next/link";
import { PromotionStatusBadge } from "@/components/campaigns/promotion-status-badge";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { focusRing } from "@/components/ui/cn";
import { DataTable, dataTableColumns, EmptyState } from "@/components/ui/data-table";
import { formatInZone } from "@/components/ui/format";
import { Icon } from "@/components/ui/icons";
import type { CampaignRow } from "@/lib/promotions/dashboard/list-campaigns";
import { CampaignProgress, rateOf } from "./campaign-progress";

const col = dataTableColumns<CampaignRow & { timeZone: string }>();
const columns = col.columns([
  col.accessor("name", {
    header: "Name",
    // The template under the name: one column less, so the table fits a 1,280 px screen.
    cell: (c) => (
      <div className="min-w-44">
        <Link
          href={`/campaigns/${c.row.original.id}`}
          className={`rounded font-medium text-indigo-700 hover:underline ${focusRing}`}
        >
          {c.getValue()}
        </Link>
        <div className="truncate text-xs text-slate-500">
          {c.row.original.template ?? "No template"} <span className="sr-only">(template)</span>
        </div>
      </div>
    ),
  }),
  col.accessor("channel", {
    id: "channel",
    header: "Channel",
    cell: (c) => (
      <Badge tone={c.getValue() === "rcs" ? "accent" : "info"}>
        {c.getValue() === "rcs" ? "RCS" : "Chatapp"}
      </Badge>
    ),
  }),
  col.accessor("status", { header: "Status", cell: (c) => <PromotionStatusBadge status={c.getValue()} /> }),
  col.display({
    id: "progress",
    header: "Sent",
    cell: (c) => <CampaignProgress row={c.row.original} />,
  }),
  col.display({
    id: "delivered",
    header: "Delivered",
    meta: { align: "end" },
    cell: (c) => (
      <span className="tabular-nums">{rateOf(c.row.original.delivered, c.row.original.sent)}</span>
    ),
  }),
  col.display({
    id: "read",
    header: "Read",
    meta: { align: "end" },
    cell: (c) => <span className="tabular-nums">{rateOf(c.row.original.read, c.row.original.sent)}</span>,
  }),
  col.accessor("createdAt", {
    header: "Created",
    // Who launched it under when: one column less, so the table fits a 1,280 px screen.
    cell: (c) => {
      const by = c.row.original.createdBy;
      return (
        <div className="min-w-40">
          <span className="whitespace-nowrap">{formatInZone(c.getValue(), c.row.original.timeZone)}</span>
          <span className="block max-w-48 truncate text-xs text-slate-500" title={by?.detail ?? undefined}>
            {by ? `by ${by.kind === "api_key" ? "API key " : ""}${by.name}` : "by an unknown user"}
          </span>
        </div>
      );
    },
  }),
]);

/** The campaigns of both channels, one page from the server; search, sort and page in the URL. */
export function CampaignsTable({
  rows,
  total,
  timeZone,
  filtered,
}: {
  rows: CampaignRow[];
  total: number;
  timeZone: string;
  /** A filter (not the search box) is set: an empty result is "no match", not "no campaigns". */
  filtered: boolean;
}) {
  return (
    <DataTable
      label="Campaigns"
      columns={columns}
      data={rows.map((r) => ({ ...r, timeZone }))}
      getRowId={(r) => r.id}
      server={{ total, defaultPageSize: 25 }}
      initialSort={[{ id: "createdAt", desc: true }]}
      searchPlaceholder="Campaign name"
      empty={
        filtered ? (
          <EmptyState
            icon={<Icon name="search" />}
            title="No campaign matches these filters"
            description="Change or clear the filters above to see the other campaigns."
          />
        ) : (
          <EmptyState
            icon={<Icon name="campaigns" />}
            title="No campaigns yet"
            description="A campaign sends an approved template to every number of a CSV list, on chatapp or RCS, and shows its progress here."
            action={<ButtonLink href="/campaigns/new">New campaign</ButtonLink>}
          />
        )
      }
    />
  );
}
