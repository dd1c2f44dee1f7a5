"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMemo, useState } from "react";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icons";
import type { DeliveryView } from "@/lib/callbacks/schemas";
import { buildDeliveryColumns } from "./delivery-columns";
import { DeliveryDialog } from "./delivery-dialog";
import { DeliveryFilters } from "./delivery-filters";
import type { Row } from "./delivery-row";

export function DeliveryLog({
  deliveries,
  nextCursor,
  endpoints,
  filters,
}: {
  deliveries: DeliveryView[];
  nextCursor: string | null;
  endpoints: Array<{ id: string; url: string }>;
  filters: { endpoint: string; status: string; event: string; paged: boolean };
}) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [open, setOpen] = useState<Row | null>(null);
  const urls = useMemo(() => new Map(endpoints.map((e) => [e.id, e.url])), [endpoints]);
  const rows = useMemo<Row[]>(
    () =>
      deliveries.map((d) => ({
        ...d,
        created: new Date(d.createdAt * 1000),
        endpointUrl: urls.get(d.endpointId) ?? d.endpointId,
      })),
    [deliveries, urls],
  );
  const columns = useMemo(() => buildDeliveryColumns(setOpen), []);

  function setFilter(key: string, value: string) {
    const next = new URLSearchParams(params.toString());
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete("before");
    router.push(`${pathname}?${next.toString()}`);
  }
  const olderHref = (() => {
    const next = new URLSearchParams(params.toString());
    if (nextCursor) next.set("before", nextCursor);
    return `${pathname}?${next.toString()}`;
  })();
  const newestHref = (() => {
    const next = new URLSearchParams(params.toString());
    next.delete("before");
    return `${pathname}?${next.toString()}`;
  })();

  return (
    <Card>
      <CardHeader
        title="Delivery log"
        description="Newest first, 50 per page. Each delivery keeps its webhook-id across retries and replays."
      />
      <DataTable
        label="Callback deliveries"
        columns={columns}
        data={rows}
        getRowId={(r) => r.id}
        initialSort={[{ id: "created", desc: true }]}
        searchPlaceholder="Search this page"
        toolbar={<DeliveryFilters endpoints={endpoints} filters={filters} setFilter={setFilter} />}
        pageSizes={[50]}
        empty={
          <EmptyState
            icon={<Icon name="callbacks" />}
            title="No deliveries"
            description={
              filters.endpoint || filters.status || filters.event
                ? "No delivery matches these filters."
                : "Deliveries appear here when events are sent to your endpoints. Try “Send test” on an endpoint."
            }
          />
        }
      />
      {filters.paged || nextCursor ? (
        <div className="flex justify-end gap-2 border-t border-slate-200 px-4 py-3">
          {filters.paged ? (
            <ButtonLink href={newestHref} variant="secondary" size="sm">
              Newest
            </ButtonLink>
          ) : null}
          {nextCursor ? (
            <ButtonLink href={olderHref} variant="secondary" size="sm">
              Older
            </ButtonLink>
          ) : null}
        </div>
      ) : null}
      <DeliveryDialog key={open?.id ?? "none"} row={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
