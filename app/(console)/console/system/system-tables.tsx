"use client";

import { useMemo } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import type { RowData } from "@tanstack/react-table";
import { DataTable, dataTableColumns, type DataTableProps } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime } from "@/components/ui/format";
import type { FailingEndpoint, QueueStatus, WorkerStatus } from "@/lib/system/get-system-status";
import { formatBytes } from "./format-bytes";

const seconds = (s: number) =>
  s < 1
    ? "—"
    : s < 120
      ? `${Math.round(s)} s`
      : s < 7200
        ? `${Math.round(s / 60)} min`
        : `${(s / 3600).toFixed(1)} h`;
const num = (n: number) => n.toLocaleString("en-US");
const end = { align: "end" as const };

/** One of the page's tables in its card: the card's title names the table for screen readers too. */
function SystemTable<T extends RowData>({
  title,
  description,
  ...table
}: { title: string; description: string } & Omit<DataTableProps<T>, "label">) {
  return (
    <Card>
      <CardHeader title={title} description={description} />
      <CardBody>
        <DataTable label={title} {...table} />
      </CardBody>
    </Card>
  );
}

const queueCol = dataTableColumns<QueueStatus>();
export function QueuesTable({ queues }: { queues: QueueStatus[] }) {
  const columns = useMemo(
    () =>
      queueCol.columns([
        queueCol.accessor("name", { header: "Queue" }),
        queueCol.accessor("waiting", { header: "Waiting", meta: end, cell: (c) => num(c.getValue()) }),
        queueCol.accessor("active", { header: "Running", meta: end, cell: (c) => num(c.getValue()) }),
        queueCol.accessor("oldestSeconds", {
          header: "Oldest waiting",
          meta: end,
          cell: (c) => seconds(c.getValue()),
        }),
        queueCol.accessor("failedLastHour", {
          header: "Failed, last hour",
          meta: end,
          cell: (c) => (c.getValue() > 0 ? <Badge tone="danger">{num(c.getValue())}</Badge> : "0"),
        }),
      ]),
    [],
  );
  return (
    <SystemTable
      title="Job queues"
      description="pg-boss queues: jobs waiting, running, the oldest one waiting, and failures in the last hour."
      columns={columns}
      data={queues}
      getRowId={(r) => r.name}
      initialSort={[{ id: "waiting", desc: true }]}
      searchPlaceholder="Search queues"
      empty={<EmptyState title="No queues yet" description="They are created when the server starts." />}
    />
  );
}

const endpointCol = dataTableColumns<FailingEndpoint>();
export function EndpointsTable({ endpoints }: { endpoints: FailingEndpoint[] }) {
  const columns = useMemo(
    () =>
      endpointCol.columns([
        endpointCol.accessor("businessName", { header: "Business" }),
        endpointCol.accessor("url", {
          header: "Endpoint",
          cell: (c) => <span className="break-all">{c.getValue()}</span>,
        }),
        endpointCol.accessor("waiting", {
          header: "Waiting for a retry",
          meta: end,
          cell: (c) => num(c.getValue()),
        }),
        endpointCol.accessor("lastError", {
          header: "Last error",
          cell: (c) => <span className="break-words">{c.getValue() ?? "—"}</span>,
        }),
      ]),
    [],
  );
  return (
    <SystemTable
      title="Failing callback endpoints"
      description="Endpoints with deliveries waiting for a retry after a failed attempt, by business."
      columns={columns}
      data={endpoints}
      getRowId={(r) => r.endpointId}
      initialSort={[{ id: "waiting", desc: true }]}
      searchPlaceholder="Search by business or URL"
      empty={
        <EmptyState
          title="No endpoint is failing"
          description="Every callback was delivered or is still on its first attempt."
        />
      }
    />
  );
}

const workerCol = dataTableColumns<WorkerStatus>();
export function WorkersTable({ workers }: { workers: WorkerStatus[] }) {
  const columns = useMemo(
    () =>
      workerCol.columns([
        workerCol.accessor("instanceId", { header: "Instance" }),
        workerCol.accessor("host", { header: "Host" }),
        workerCol.accessor("pid", { header: "PID", meta: end }),
        workerCol.accessor("alive", {
          header: "State",
          cell: (c) =>
            c.getValue() ? <Badge tone="success">alive</Badge> : <Badge tone="danger">stale</Badge>,
        }),
        workerCol.accessor("beatAt", {
          header: "Last heartbeat",
          sortFn: "datetime",
          cell: (c) => formatDateTime(c.getValue()),
        }),
        workerCol.accessor("startedAt", {
          header: "Started",
          sortFn: "datetime",
          cell: (c) => formatDateTime(c.getValue()),
        }),
      ]),
    [],
  );
  return (
    <SystemTable
      title="Worker processes"
      description="Processes running jobs, by their heartbeat (every 5 s; stale after 30 s without one)."
      columns={columns}
      data={workers}
      getRowId={(r) => r.id}
      initialSort={[{ id: "instanceId", desc: false }]}
      searchPlaceholder="Search by instance or host"
      empty={
        <EmptyState
          title="No worker process is running"
          description="Start an instance with ROLE=all or ROLE=worker."
        />
      }
    />
  );
}

type TableSize = { name: string; bytes: number; rows: number };
const tableCol = dataTableColumns<TableSize>();
export function TablesTable({ tables }: { tables: TableSize[] }) {
  const columns = useMemo(
    () =>
      tableCol.columns([
        tableCol.accessor("name", { header: "Table" }),
        tableCol.accessor("bytes", {
          header: "Size with indexes",
          meta: end,
          cell: (c) => formatBytes(c.getValue()),
        }),
        tableCol.accessor("rows", {
          header: "Rows (estimate)",
          meta: end,
          cell: (c) => num(Math.round(c.getValue())),
        }),
      ]),
    [],
  );
  return (
    <SystemTable
      title="Largest tables"
      description="The ten largest tables, indexes and TOAST included; row counts are the planner's estimates."
      columns={columns}
      data={tables}
      getRowId={(r) => r.name}
      initialSort={[{ id: "bytes", desc: true }]}
      searchPlaceholder="Search tables"
      empty={<EmptyState title="No tables" description="The database is empty." />}
    />
  );
}
