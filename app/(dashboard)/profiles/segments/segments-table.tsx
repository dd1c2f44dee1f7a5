"use client";

import Link from "next/link";
import { useState } from "react";
import { Button, ButtonLink } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime } from "@/components/ui/format";
import { Icon } from "@/components/ui/icons";
import { countSegmentAction, deleteSegmentAction } from "./actions";

export type SegmentRow = { id: string; name: string; updatedAt: number };

const col = dataTableColumns<SegmentRow>();
const columns = col.columns([
  col.accessor("name", {
    header: "Segment",
    cell: (c) => (
      <Link
        href={`/profiles/segments/${c.row.original.id}`}
        className="font-medium text-indigo-700 hover:underline"
      >
        {c.getValue()}
      </Link>
    ),
  }),
  col.display({
    id: "count",
    header: "Subscribers",
    meta: { align: "end" },
    cell: (c) => <CountCell segment={c.row.original} />,
  }),
  col.accessor("updatedAt", {
    header: "Updated",
    cell: (c) => formatDateTime(c.getValue() * 1000),
  }),
  col.display({
    id: "actions",
    header: () => <span className="sr-only">Actions</span>,
    meta: { align: "end" },
    cell: (c) => (
      <ConfirmButton
        label="Delete"
        subject={`segment ${c.row.original.name}`}
        title={`Delete the segment ${c.row.original.name}?`}
        description="Subscribers are not touched; campaigns already launched on it keep their recipients."
        confirmLabel="Delete segment"
        run={() => deleteSegmentAction(c.row.original.id)}
        done={() => ({ title: "Segment deleted", description: c.row.original.name })}
      />
    ),
  }),
]);

/** Counting reads every profile a segment matches, so the list counts one when asked. */
function CountCell({ segment }: { segment: SegmentRow }) {
  const [state, setState] = useState<
    { at: "idle" } | { at: "loading" } | { at: "done"; count: number } | { at: "error"; message: string }
  >({ at: "idle" });
  if (state.at === "done") return <span aria-live="polite">{state.count.toLocaleString("en-GB")}</span>;
  return (
    <span className="inline-flex items-center gap-2" aria-live="polite">
      {state.at === "error" ? <span className="text-xs text-red-700">{state.message}</span> : null}
      <Button
        variant="ghost"
        size="sm"
        loading={state.at === "loading"}
        onClick={async () => {
          setState({ at: "loading" });
          const res = await countSegmentAction(segment.id);
          setState(res.ok ? { at: "done", count: res.data.count } : { at: "error", message: res.message });
        }}
      >
        Count<span className="sr-only"> segment {segment.name}</span>
      </Button>
    </span>
  );
}

/** The business's segments: open one to edit it, count it, delete it (confirmed). */
export function SegmentsTable({ segments }: { segments: SegmentRow[] }) {
  return (
    <DataTable
      label="Segments"
      columns={columns}
      data={segments}
      getRowId={(s) => s.id}
      searchPlaceholder="Segment name"
      empty={
        <EmptyState
          icon={<Icon name="profiles" />}
          title="No segments yet"
          description="A segment picks subscribers by their fields, attributes, tags, campaign activity and consent; campaigns can be launched on it."
          action={
            <ButtonLink href="/profiles/segments/new" icon={<Icon name="plus" />}>
              New segment
            </ButtonLink>
          }
        />
      }
    />
  );
}
