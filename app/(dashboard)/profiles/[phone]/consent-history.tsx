"use client";

import { Badge, type BadgeTone } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icons";
import type { ConsentEventView, ConsentStateView } from "@/lib/audiences/consent/consent-history";

type Row = ConsentEventView & { at: string };

const STATE: Record<ConsentStateView["state"], [string, BadgeTone]> = {
  opted_in: ["Opted in", "success"],
  opted_out: ["Opted out", "danger"],
  unknown: ["Not known", "neutral"],
};
const SOURCE: Record<ConsentEventView["source"], string> = {
  csv_import: "CSV import",
  api: "API",
  dashboard: "Dashboard",
  flow: "Flow",
  keyword: "Keyword (customer's message)",
  campaign_link: "Campaign link",
  erasure: "Erasure",
};

const col = dataTableColumns<Row>();
const columns = col.columns([
  col.accessor("at", {
    header: "When",
    cell: (c) => <span className="whitespace-nowrap">{c.getValue()}</span>,
  }),
  col.accessor("action", {
    header: "Event",
    cell: (c) => (c.getValue() === "opt_in" ? "Opt-in" : c.getValue() === "opt_out" ? "Opt-out" : "Erased"),
  }),
  col.accessor("kind", { header: "Kind" }),
  col.accessor("channel", { header: "Channel" }),
  col.accessor("source", { header: "Source", cell: (c) => SOURCE[c.getValue()] }),
  col.accessor("wording", {
    header: "Wording",
    enableSorting: false,
    cell: (c) => <span className="break-words">{c.getValue() ?? "—"}</span>,
  }),
]);

/** The number's current consent per kind and every ledger event, newest first, with the CSV proof. */
export function ConsentHistory({
  phone,
  state,
  events,
}: {
  phone: string;
  state: { marketing: ConsentStateView; utility: ConsentStateView };
  events: Row[];
}) {
  return (
    <Card className="lg:col-span-2">
      <CardHeader
        title="Consent"
        description="Every opt-in and opt-out of this number, with where it came from and what the customer saw or sent. Nothing here is ever changed; only an erasure removes it."
        actions={
          <a href={`/profiles/${phone}/consent`} download className={buttonClasses("secondary", "sm")}>
            <Icon name="download" className="size-4" />
            Download proof (CSV)
          </a>
        }
      />
      <CardBody className="space-y-4">
        <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm" aria-label="Current consent">
          {(["marketing", "utility"] as const).map((k) => (
            <div key={k} className="flex items-center gap-2">
              <dt className="text-slate-500">{k === "marketing" ? "Marketing" : "Utility"}</dt>
              <dd data-testid={`consent-${k}`}>
                <Badge tone={STATE[state[k].state][1]} dot>
                  {STATE[state[k].state][0]}
                </Badge>
              </dd>
            </div>
          ))}
        </dl>
        <DataTable
          label="Consent history"
          columns={columns}
          data={events}
          getRowId={(r) => r.id}
          empty={
            <EmptyState
              icon={<Icon name="info" />}
              title="No consent recorded"
              description="Opt-ins and opt-outs appear here when the customer replies STOP, a list is imported, or your system records them."
            />
          }
        />
      </CardBody>
    </Card>
  );
}
