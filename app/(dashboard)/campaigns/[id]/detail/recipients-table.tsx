"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useMemo, useRef, useTransition } from "react";
import { StatusBadge } from "@/components/ui/badge";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { Select } from "@/components/ui/field";
import { formatInZone } from "@/components/ui/format";
import { Icon } from "@/components/ui/icons";
import { failureReason } from "@/lib/messages/status/error-reasons";
import type { CampaignRecipient } from "@/lib/promotions/dashboard/list-campaign-recipients";

const col = dataTableColumns<CampaignRecipient>();
const initialSort = [{ id: "seq", desc: false }];

const columnsFor = (timeZone: string) =>
  col.columns([
    // List order, either way (the only server sort: both directions walk the same index).
    col.accessor("seq", { header: "#", meta: { align: "end", className: "w-12" } }),
    col.accessor("phone", {
      header: "Phone",
      enableSorting: false,
      cell: (c) => <span className="font-mono whitespace-nowrap">+{c.getValue()}</span>,
    }),
    col.accessor("name", {
      header: "Name",
      enableSorting: false,
      cell: (c) => <span className="whitespace-nowrap">{c.getValue() ?? "—"}</span>,
    }),
    col.accessor("state", {
      header: "State",
      enableSorting: false,
      cell: (c) => (
        <span className="inline-flex items-center gap-1 whitespace-nowrap">
          <StatusBadge status={c.getValue()} />
          {c.row.original.viaFallback ? <span className="text-xs text-slate-600">fallback</span> : null}
        </span>
      ),
    }),
    col.accessor("round", {
      header: "Round",
      enableSorting: false,
      meta: { align: "end" },
    }),
    col.accessor("errorCode", {
      header: "Error",
      enableSorting: false,
      cell: (c) =>
        c.getValue() ? (
          <span className="block max-w-64 min-w-32 [overflow-wrap:anywhere]">
            <span className="font-mono">{c.getValue()}</span>
            <span className="text-slate-600"> {failureReason(c.getValue(), c.row.original.error)}</span>
          </span>
        ) : (
          "—"
        ),
    }),
    col.accessor("updatedAt", {
      header: "Last change",
      enableSorting: false,
      cell: (c) => <span className="whitespace-nowrap">{formatInZone(c.getValue(), timeZone)}</span>,
    }),
  ]);

/** One of the toolbar's URL filters: "any" first, re-mounted when the URL's value changes. */
function FilterSelect({
  name,
  label,
  value,
  any,
  options,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  any: string;
  options: { value: string; label: string }[];
  onChange: (name: string, value: string) => void;
}) {
  return (
    <Select
      label={label}
      hideLabel
      key={`${name}-${value}`}
      defaultValue={value}
      onChange={(e) => onChange(name, e.target.value)}
      options={[{ value: "", label: any }, ...options]}
      data-testid={`filter-${name}`}
    />
  );
}

/**
 * A filter kept in the URL beside the table's own params; a change restarts at page 1. A
 * change made while the previous one is still navigating builds on it (not on the address the
 * page was rendered with), so two quick changes both stay.
 */
function useUrlFilter() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [pending, startTransition] = useTransition();
  const ahead = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    ahead.current = null;
  }, [params]);
  const set = (key: string, value: string) => {
    const next = new URLSearchParams((ahead.current ?? params).toString());
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete("page");
    ahead.current = next;
    const qs = next.toString();
    startTransition(() => router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false }));
  };
  return { set, pending };
}

/**
 * The campaign's recipients, one server page at a time (search = phone prefix, `state` and
 * `code` filters, page and size in the URL).
 */
export function RecipientsTable({
  rows,
  total,
  timeZone,
  filters,
  states,
  errorCodes,
}: {
  rows: CampaignRecipient[];
  total: number;
  timeZone: string;
  filters: { state: string; code: string };
  /** Every recipient state (db/schema's list, passed in: the schema stays on the server). */
  states: readonly string[];
  errorCodes: string[];
}) {
  const columns = useMemo(() => columnsFor(timeZone), [timeZone]);
  const { set, pending } = useUrlFilter();
  const codes =
    filters.code && !errorCodes.includes(filters.code) ? [filters.code, ...errorCodes] : errorCodes;
  const filtered = filters.state !== "" || filters.code !== "";
  return (
    <div id="recipients" aria-busy={pending || undefined}>
      <DataTable
        label="Recipients"
        server={{ total, defaultPageSize: 25 }}
        columns={columns}
        data={rows}
        getRowId={(r) => String(r.seq)}
        initialSort={initialSort}
        searchPlaceholder="Search by phone number"
        toolbar={
          <div className="flex flex-wrap gap-2">
            <FilterSelect
              name="state"
              label="State"
              value={filters.state}
              any="Any state"
              options={states.map((s) => ({ value: s, label: s.replace("_", " ") }))}
              onChange={set}
            />
            <FilterSelect
              name="code"
              label="Error code"
              value={filters.code}
              any="Any error code"
              options={codes.map((c) => ({ value: c, label: c }))}
              onChange={set}
            />
          </div>
        }
        empty={
          <EmptyState
            icon={<Icon name="campaigns" />}
            title={filtered ? "No recipients match these filters" : "No recipients yet"}
            description={
              filtered
                ? "Choose another state or error code."
                : "Recipients appear here once the list is loaded or a batch is added."
            }
          />
        }
      />
    </div>
  );
}
