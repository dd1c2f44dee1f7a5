"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { TagChip } from "@/components/audiences/tag-chip";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Icon } from "@/components/ui/icons";
import { useSaveAndClose } from "@/components/ui/use-save-and-close";
import { tagName, tagPalette } from "@/lib/audiences/schemas";
import type { TagView } from "@/lib/audiences/tags";
import { createTagAction, deleteTagAction, updateTagAction } from "./actions";

const tagForm = z.object({ name: tagName, colour: z.enum(tagPalette) });
type TagForm = z.infer<typeof tagForm>;
const COLOURS = tagPalette.map((c) => ({ value: c, label: c[0]!.toUpperCase() + c.slice(1) }));

const col = dataTableColumns<TagView>();
const columns = col.columns([
  col.accessor("name", {
    header: "Tag",
    cell: (c) => <TagChip name={c.getValue()} colour={c.row.original.colour} />,
  }),
  col.accessor("count", { header: "Subscribers", meta: { align: "end" } }),
  col.display({
    id: "actions",
    header: () => <span className="sr-only">Actions</span>,
    meta: { align: "end" },
    cell: (c) => <TagActions tag={c.row.original} />,
  }),
]);

function TagActions({ tag }: { tag: TagView }) {
  const [editing, setEditing] = useState(false);
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
        Edit<span className="sr-only"> tag {tag.name}</span>
      </Button>
      <ConfirmButton
        label="Delete"
        subject={`tag ${tag.name}`}
        title={`Delete the tag ${tag.name}?`}
        description={`It is taken off ${tag.count} subscriber${tag.count === 1 ? "" : "s"}. Their profiles stay; campaigns already launched keep their audience.`}
        confirmLabel="Delete tag"
        run={() => deleteTagAction(tag.id)}
        done={() => ({ title: "Tag deleted", description: tag.name })}
      />
      {editing ? <TagDialog tag={tag} onClose={() => setEditing(false)} /> : null}
    </div>
  );
}

function TagDialog({ tag, onClose }: { tag?: TagView; onClose: () => void }) {
  const named = (tagPalette as readonly string[]).includes(tag?.colour ?? "");
  const form = useForm<TagForm>({
    resolver: zodResolver(tagForm),
    defaultValues: { name: tag?.name ?? "", colour: (named ? tag!.colour : "gray") as TagForm["colour"] },
  });
  const { submit, error } = useSaveAndClose(
    form,
    (v: TagForm) => (tag ? updateTagAction(tag.id, v) : createTagAction(v)),
    onClose,
    (t) => ({ title: tag ? "Tag saved" : "Tag created", description: t.name }),
  );
  return (
    <FormDialog
      open
      onClose={onClose}
      title={tag ? `Edit tag ${tag.name}` : "New tag"}
      description="Names are unique whatever the case: VIP and vip are one tag."
      formId={tag ? `edit-tag-${tag.id}` : "new-tag"}
      onSubmit={submit}
      submitLabel={tag ? "Save tag" : "Create tag"}
      submitting={form.formState.isSubmitting}
      error={error}
    >
      <FormField form={form} name="name" label="Name" required />
      <FormField form={form} name="colour" label="Colour" kind="select" options={COLOURS} />
    </FormDialog>
  );
}

/** The business's tags with how many subscribers have each; create, rename, recolour, delete. */
export function TagsCard({ tags }: { tags: TagView[] }) {
  const [creating, setCreating] = useState(false);
  return (
    <Card>
      <CardHeader
        title="Tags"
        description="Add them to subscribers on their page, in a CSV import or through the API."
        actions={
          <Button onClick={() => setCreating(true)} icon={<Icon name="plus" />}>
            New tag
          </Button>
        }
      />
      <CardBody>
        <DataTable
          label="Tags"
          columns={columns}
          data={tags}
          getRowId={(t) => t.id}
          searchPlaceholder="Tag name"
          empty={
            <EmptyState
              icon={<Icon name="profiles" />}
              title="No tags yet"
              description="Create one here; a CSV import or the API creates the names it uses, too."
            />
          }
        />
      </CardBody>
      {creating ? <TagDialog onClose={() => setCreating(false)} /> : null}
    </Card>
  );
}
