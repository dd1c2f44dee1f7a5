"use client";

import Link from "next/link";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DataTable, dataTableColumns, EmptyState } from "@/components/ui/data-table";
import { Dialog } from "@/components/ui/dialog";
import { formatDateTime } from "@/components/ui/format";
import { Icon } from "@/components/ui/icons";
import type { RunPathStep } from "@/lib/flows/get-run-path";
import type { FlowRunRow } from "@/lib/flows/list-flow-runs";
import { flowRunPathAction } from "../actions";
import { describeStep } from "./describe-step";

const col = dataTableColumns<FlowRunRow>();
const buildColumns = (open: (r: FlowRunRow) => void) =>
  col.columns([
    col.accessor("flowName", { header: "Flow" }),
    col.accessor("state", {
      header: "State",
      cell: (c) => <StatusBadge status={c.getValue().toUpperCase()} label={c.getValue()} />,
    }),
    col.accessor("version", {
      header: "Version",
      cell: (c) => (c.row.original.test ? "draft (test)" : `v${c.getValue()}`),
    }),
    col.accessor("customer", {
      header: "Conversation",
      cell: (c) => (
        <Link href={`/inbox?c=${c.row.original.conversationId}`} className="text-indigo-700 underline">
          +{c.getValue()}
        </Link>
      ),
    }),
    col.accessor("startedAt", {
      header: "Started",
      sortFn: "datetime",
      cell: (c) => formatDateTime(c.getValue()),
    }),
    col.accessor("endedAt", {
      header: "Ended",
      sortFn: "datetime",
      cell: (c) => formatDateTime(c.getValue()),
    }),
    col.accessor("endReason", { header: "End reason", cell: (c) => c.getValue() ?? "—" }),
    col.display({
      id: "path",
      header: () => <span className="sr-only">Path</span>,
      meta: { align: "end" },
      cell: (c) => (
        <Button size="sm" variant="ghost" onClick={() => open(c.row.original)}>
          Path
          <span className="sr-only">
            {" "}
            of the run of {c.row.original.flowName} for +{c.row.original.customer}
          </span>
        </Button>
      ),
    }),
  ]);

export function RunsView({ runs, canEdit }: { runs: FlowRunRow[]; canEdit: boolean }) {
  const [open, setOpen] = useState<FlowRunRow | null>(null);
  const [steps, setSteps] = useState<RunPathStep[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [columns] = useState(() =>
    buildColumns(async (r) => {
      setOpen(r);
      setSteps(null);
      setError(null);
      const res = await flowRunPathAction(r.id);
      if (res.ok) setSteps(res.data.steps);
      else setError(res.message);
    }),
  );
  return (
    <>
      <DataTable
        label="Flow runs"
        columns={columns}
        data={runs}
        getRowId={(r) => r.id}
        initialSort={[{ id: "startedAt", desc: true }]}
        searchPlaceholder="Search by flow, state or number"
        empty={
          <EmptyState
            icon={<Icon name="flows" />}
            title="No runs yet"
            description="A run starts when a customer's message matches a published flow's trigger, or when you try a draft."
          />
        }
      />
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open ? `${open.flowName}: the run's path` : ""}
        description={
          open ? `+${open.customer}, ${open.state}${open.endReason ? ` (${open.endReason})` : ""}` : undefined
        }
        size="lg"
      >
        {error ? <Alert tone="danger">{error}</Alert> : null}
        {steps === null && !error ? <p className="text-sm">Loading…</p> : null}
        {steps ? (
          <ol className="list-decimal space-y-1 pl-5 text-sm">
            {steps.map((s) => (
              <li key={s.id}>
                <code className="text-xs">{s.stepId}</code> {describeStep(s)}{" "}
                <span className="text-xs text-slate-500">{formatDateTime(s.at)}</span>
              </li>
            ))}
          </ol>
        ) : null}
        {open && canEdit ? (
          <p className="mt-3 text-sm">
            <Link className="text-indigo-700 underline" href={`/flows/${open.flowId}?run=${open.id}`}>
              See the path on the canvas
            </Link>
          </p>
        ) : null}
      </Dialog>
    </>
  );
}
