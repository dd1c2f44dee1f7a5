"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ActionSwitch } from "@/components/ui/action-switch";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { DataTable, dataTableColumns, EmptyState } from "@/components/ui/data-table";
import { formatDate } from "@/components/ui/format";
import { Icon } from "@/components/ui/icons";
import { useToast } from "@/components/ui/toast";
import { deleteFlowAction, duplicateFlowAction, exportFlowAction, setFlowEnabledAction } from "./actions";
import { downloadJson, fileNameOf } from "./download-json";
import { ImportDialog, NameDialog } from "./flow-dialogs";

export type FlowListRow = {
  id: string;
  name: string;
  triggers: string;
  state: string;
  enabled: boolean;
  version: number;
  runs: number;
  completed: number;
  handedOver: number;
  updatedAt: Date;
};

function RowActions({ row, onRename }: { row: FlowListRow; onRename: (r: FlowListRow) => void }) {
  const toast = useToast();
  const router = useRouter();
  return (
    <div className="flex flex-wrap justify-end gap-1">
      <Button variant="ghost" size="sm" onClick={() => onRename(row)}>
        Rename<span className="sr-only"> {row.name}</span>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={async () => {
          const res = await duplicateFlowAction(row.id);
          if (!res.ok)
            return toast.show({ tone: "danger", title: "Not duplicated", description: res.message });
          toast.show({ tone: "success", title: "Flow duplicated", description: res.data.name });
          router.refresh();
        }}
      >
        Duplicate<span className="sr-only"> {row.name}</span>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={async () => {
          const res = await exportFlowAction(row.id);
          if (!res.ok) return toast.show({ tone: "danger", title: "Not exported", description: res.message });
          downloadJson(fileNameOf(row.name), res.data);
        }}
      >
        Export<span className="sr-only"> {row.name}</span>
      </Button>
      <ConfirmButton
        label="Delete"
        subject={row.name}
        title={`Delete ${row.name}?`}
        description="The flow, its versions and its runs' records go. A conversation one of its runs waits in goes to the inbox's routing with its next message."
        confirmLabel="Delete flow"
        run={() => deleteFlowAction(row.id)}
        done={() => ({ title: "Flow deleted", description: row.name })}
      />
    </div>
  );
}

const col = dataTableColumns<FlowListRow>();
const buildColumns = (onRename: (r: FlowListRow) => void) =>
  col.columns([
    col.accessor("name", {
      header: "Name",
      cell: (c) => (
        <Link href={`/flows/${c.row.original.id}`} className="font-medium text-indigo-700 hover:underline">
          {c.getValue()}
        </Link>
      ),
    }),
    col.accessor("triggers", { header: "Triggers" }),
    col.accessor("state", {
      header: "State",
      cell: (c) => (
        <Badge
          tone={
            c.getValue() === "disabled" ? "neutral" : c.getValue() === "draft only" ? "warning" : "success"
          }
        >
          {c.getValue()}
        </Badge>
      ),
    }),
    col.accessor("enabled", {
      header: "Enabled",
      enableSorting: false,
      cell: (c) => (
        <ActionSwitch
          label={`Enabled: ${c.row.original.name}`}
          checked={c.getValue()}
          save={(next) => setFlowEnabledAction(c.row.original.id, next)}
          saved={(next) => ({
            title: next ? "Flow enabled" : "Flow disabled",
            description: c.row.original.name,
          })}
          failedTitle="Not changed"
        />
      ),
    }),
    col.accessor("runs", { header: "Runs (7 days)", meta: { align: "end" } }),
    col.accessor("completed", { header: "Completed", meta: { align: "end" } }),
    col.accessor("handedOver", { header: "Handed over", meta: { align: "end" } }),
    col.accessor("updatedAt", {
      header: "Changed",
      sortFn: "datetime",
      cell: (c) => formatDate(c.getValue()),
    }),
    col.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      meta: { align: "end" },
      cell: (c) => <RowActions row={c.row.original} onRename={onRename} />,
    }),
  ]);

export function FlowsView({ rows }: { rows: FlowListRow[] }) {
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [renaming, setRenaming] = useState<FlowListRow | null>(null);
  const [columns] = useState(() => buildColumns(setRenaming));
  const toolbar = (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" onClick={() => setImporting(true)}>
        Import
      </Button>
      <Button onClick={() => setCreating(true)} icon={<Icon name="plus" className="size-4" />}>
        New flow
      </Button>
    </div>
  );
  return (
    <>
      <DataTable
        label="Flows"
        columns={columns}
        data={rows}
        getRowId={(r) => r.id}
        initialSort={[{ id: "name", desc: false }]}
        searchPlaceholder="Search by name or trigger"
        toolbar={toolbar}
        empty={
          <EmptyState
            icon={<Icon name="flows" />}
            title="No flows yet"
            description="A flow answers customers before an agent does: greet them, ask questions, branch on the answers, hand over to a team."
            action={
              <Button onClick={() => setCreating(true)} icon={<Icon name="plus" className="size-4" />}>
                New flow
              </Button>
            }
          />
        }
      />
      {creating ? <NameDialog open onClose={() => setCreating(false)} /> : null}
      {importing ? <ImportDialog open onClose={() => setImporting(false)} /> : null}
      {renaming ? <NameDialog open flow={renaming} onClose={() => setRenaming(null)} /> : null}
    </>
  );
}
