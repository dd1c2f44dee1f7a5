"use client";

import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Select } from "@/components/ui/field";
import { formatDateTime } from "@/components/ui/format";
import { Icon } from "@/components/ui/icons";
import { useToast } from "@/components/ui/toast";
import { callbackEventTypes, type AttemptView, type DeliveryView } from "@/lib/callbacks/schemas";
import { getDeliveryAction, replayDeliveryAction } from "./actions";

type Detail = DeliveryView & { attemptLog: AttemptView[] };
type Row = DeliveryView & { created: Date; endpointUrl: string };

const statusTones: Record<DeliveryView["status"], BadgeTone> = {
  delivered: "success",
  pending: "warning",
  failed: "danger",
};

const col = dataTableColumns<Row>();

function buildColumns(open: (r: Row) => void) {
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
  const columns = useMemo(() => buildColumns(setOpen), []);

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

  const filterBar = (
    <div className="flex flex-wrap items-end gap-2">
      <Select
        label="Endpoint"
        hideLabel
        value={filters.endpoint}
        onChange={(e) => setFilter("endpoint", e.target.value)}
        options={[
          { value: "", label: "All endpoints" },
          ...endpoints.map((e) => ({ value: e.id, label: e.url })),
        ]}
        className="w-56"
      />
      <Select
        label="Status"
        hideLabel
        value={filters.status}
        onChange={(e) => setFilter("status", e.target.value)}
        options={[
          { value: "", label: "Any status" },
          { value: "delivered", label: "Delivered" },
          { value: "pending", label: "Pending (retrying)" },
          { value: "failed", label: "Failed" },
        ]}
        className="w-44"
      />
      <Select
        label="Event"
        hideLabel
        value={filters.event}
        onChange={(e) => setFilter("event", e.target.value)}
        options={[
          { value: "", label: "Any event" },
          ...callbackEventTypes.map((t) => ({ value: t, label: t })),
        ]}
        className="w-44"
      />
      <Button variant="secondary" onClick={() => router.refresh()}>
        Refresh
      </Button>
    </div>
  );

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
        toolbar={filterBar}
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

function DeliveryDialog({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const router = useRouter();
  const toast = useToast();
  const [detail, setDetail] = useState<Detail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [replaying, setReplaying] = useState(false);

  useEffect(() => {
    if (!row) return;
    // Keyed by the row, so a fresh dialog starts empty; only the answer sets state.
    let live = true;
    void getDeliveryAction(row.id).then((res) => {
      if (!live) return;
      if (res.ok) setDetail(res.data);
      else setError(res.message);
    });
    return () => {
      live = false;
    };
  }, [row]);

  async function replay() {
    if (!row) return;
    setReplaying(true);
    const res = await replayDeliveryAction(row.id);
    setReplaying(false);
    if (!res.ok) return setError(res.message);
    setDetail(res.data);
    const last = res.data.attemptLog.at(-1);
    toast.show({
      tone: res.data.status === "delivered" ? "success" : "danger",
      title: res.data.status === "delivered" ? "Delivered again" : "Replay failed",
      description: last
        ? last.responseStatus
          ? `HTTP ${last.responseStatus}`
          : (last.error ?? "")
        : undefined,
    });
    router.refresh();
  }

  return (
    <Dialog
      open={row !== null}
      onClose={onClose}
      size="lg"
      title="Delivery"
      description={row ? <code className="font-mono text-xs">{row.id}</code> : null}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button onClick={replay} loading={replaying} disabled={!detail}>
            Replay
          </Button>
        </>
      }
    >
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {!detail && !error ? <p className="text-sm text-slate-600">Loading…</p> : null}
      {detail ? (
        <div className="space-y-4">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-500">Event</dt>
            <dd>
              <code className="font-mono text-xs">{detail.event}</code>
            </dd>
            <dt className="text-slate-500">Status</dt>
            <dd>
              <Badge tone={statusTones[detail.status]} dot>
                {detail.status}
              </Badge>
              {detail.nextAttemptAt ? (
                <span className="ml-2 text-xs text-slate-500">
                  next attempt {formatDateTime(detail.nextAttemptAt * 1000)}
                </span>
              ) : null}
            </dd>
            <dt className="text-slate-500">Endpoint</dt>
            <dd className="break-all">{row?.endpointUrl}</dd>
          </dl>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" aria-label="Attempts">
              <thead className="text-xs text-slate-500 uppercase">
                <tr>
                  <th className="py-1 pr-3">#</th>
                  <th className="py-1 pr-3">Time</th>
                  <th className="py-1 pr-3">Response</th>
                  <th className="py-1 pr-3">Latency</th>
                  <th className="py-1">Error / body</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {detail.attemptLog.length === 0 ? (
                  <tr>
                    <td colSpan={5} className="py-2 text-slate-500">
                      No attempt yet{detail.lastError ? `: ${detail.lastError}` : ""}.
                    </td>
                  </tr>
                ) : (
                  detail.attemptLog.map((a) => (
                    <tr key={a.id} data-testid="attempt-row">
                      <td className="py-1 pr-3">{a.attemptNo}</td>
                      <td className="py-1 pr-3 whitespace-nowrap">{formatDateTime(a.requestedAt * 1000)}</td>
                      <td className="py-1 pr-3">
                        {a.responseStatus === null ? (
                          <Badge tone="danger">no response</Badge>
                        ) : (
                          <Badge tone={a.responseStatus < 300 ? "success" : "danger"}>
                            {a.responseStatus}
                          </Badge>
                        )}
                      </td>
                      <td className="py-1 pr-3 whitespace-nowrap">{a.latencyMs} ms</td>
                      <td className="py-1 font-mono text-xs break-all text-slate-600">
                        {a.error ?? a.responseBody ?? ""}
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          <div>
            <h3 className="mb-1 text-sm font-medium text-slate-800">Body</h3>
            <pre className="max-h-60 overflow-auto rounded-md bg-slate-50 p-3 font-mono text-xs ring-1 ring-slate-200">
              {JSON.stringify(detail.payload, null, 2)}
            </pre>
          </div>
          <p className="text-xs text-slate-500">
            Receivers should ignore a <code className="font-mono">webhook-id</code> they have already
            processed; see{" "}
            <Link href="/api-reference" className="underline">
              the API reference
            </Link>{" "}
            and docs/callbacks.md.
          </p>
        </div>
      ) : null}
    </Dialog>
  );
}
