"use client";

import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDate, formatDateTime } from "@/components/ui/format";
import { Icon } from "@/components/ui/icons";
import type { CountryOption } from "@/lib/businesses/country-options";
import type { BusinessRow } from "./business-row";
import { BusinessToggle } from "./business-toggle";
import { CallingCell } from "./calling-cell";
import { ChannelSettingsButton } from "./channel-settings";
import { ChannelToggle } from "./channel-toggle";
import { CreateBusinessDialog } from "./create-business-dialog";
import { FirstAdminButton } from "./first-admin-button";
import { SenderRatesCell } from "./sender-rates";

type Row = BusinessRow;
const col = dataTableColumns<Row>();

// Five facts per business in four columns, so the table fits a laptop screen (it was 1,386 px
// wide with Calling and Status off-screen): status sits with the name, rates with calling.
const columns = col.columns([
  // Name and id in one column (both searchable); the id is what the API paths need.
  col.accessor((r) => `${r.name} ${r.id}`, {
    id: "name",
    header: "Business",
    sortFn: "text",
    cell: (c) => (
      <div className="min-w-0 space-y-1">
        <p className="font-medium text-slate-900">{c.row.original.name}</p>
        <div className="flex items-center gap-0.5">
          <code className="font-mono text-xs whitespace-nowrap text-slate-600">{c.row.original.id}</code>
          <CopyButton
            value={c.row.original.id}
            label={`Copy the ID of ${c.row.original.name}`}
            variant="ghost"
            iconOnly
          />
        </div>
        <p className="text-xs text-slate-600">
          Default country: {c.row.original.defaultCountry ?? "none (numbers need their country code)"}
        </p>
        <BusinessToggle
          businessId={c.row.original.id}
          businessName={c.row.original.name}
          enabled={c.row.original.enabled}
        />
        <FirstAdminButton business={c.row.original} />
      </div>
    ),
  }),
  col.accessor("createdAt", {
    header: "Created",
    sortFn: "datetime",
    cell: (c) => (
      <span className="whitespace-nowrap" title={formatDateTime(c.getValue())}>
        {formatDate(c.getValue())}
      </span>
    ),
  }),
  col.display({
    id: "channels",
    header: "Channels",
    cell: (c) => (
      <div className="flex flex-col gap-2">
        {c.row.original.channels.map((ch) => {
          const settings = c.row.original.channelSettings.find((s) => s.channel === ch.channel);
          return (
            // Settings wraps under the channel when the table is short of room (1,280 px).
            <div key={ch.channel} className="flex flex-wrap items-center gap-1">
              <ChannelToggle
                businessId={c.row.original.id}
                businessName={c.row.original.name}
                channel={ch.channel}
                provider={ch.provider}
                enabled={ch.enabled}
                detail={ch.channel === "chatapp" ? ch.phoneNumberIds.join(", ") : (ch.agentId ?? "")}
              />
              {settings ? <ChannelSettingsButton business={c.row.original} settings={settings} /> : null}
            </div>
          );
        })}
      </div>
    ),
  }),
  col.display({
    id: "sending",
    header: "Dispatch rate · Calling",
    cell: (c) => (
      <div className="space-y-2 divide-y divide-slate-100">
        <SenderRatesCell business={c.row.original} />
        <div className="pt-2">
          <CallingCell business={c.row.original} />
        </div>
      </div>
    ),
  }),
]);

export function BusinessesView({
  businesses,
  countries,
  timeZones,
}: {
  businesses: BusinessRow[];
  countries: CountryOption[];
  timeZones: CountryOption[];
}) {
  const [creating, setCreating] = useState(false);
  const createButton = (
    <Button onClick={() => setCreating(true)} icon={<Icon name="plus" className="size-4" />}>
      Create business
    </Button>
  );
  const data = useMemo(() => businesses, [businesses]);
  return (
    <>
      <DataTable
        label="Businesses"
        columns={columns}
        data={data}
        getRowId={(r) => r.id}
        initialSort={[{ id: "createdAt", desc: true }]}
        searchPlaceholder="Search by name or ID"
        toolbar={createButton}
        empty={
          <EmptyState
            icon={<Icon name="building" />}
            title="No businesses yet"
            description="Create a business to give a customer their own channels, users and API keys."
            action={createButton}
          />
        }
      />
      <CreateBusinessDialog
        open={creating}
        onClose={() => setCreating(false)}
        countries={countries}
        timeZones={timeZones}
      />
    </>
  );
}
