"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { DataTable, dataTableColumns } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Icon } from "@/components/ui/icons";
import { useSaveAndClose } from "@/components/ui/use-save-and-close";
import { attributeTypes } from "@/db/schema/audiences";
import type { AttributeDefinitionView } from "@/lib/audiences/attribute-definitions";
import { attributeKey } from "@/lib/audiences/schemas";
import { createAttributeAction, deleteAttributeAction, updateAttributeAction } from "./actions";

const TYPE_LABEL: Record<(typeof attributeTypes)[number], string> = {
  text: "Text",
  number: "Number",
  date: "Date",
  boolean: "Yes / no",
  choice: "One of a list",
};
const TYPES = attributeTypes.map((t) => ({ value: t, label: TYPE_LABEL[t] }));

// The form's shape; the server checks the definition with the API's schema (its errors land here).
const attributeForm = z
  .object({
    key: attributeKey,
    label: z.string().trim().min(1, "Must not be empty").max(100, "At most 100 characters"),
    type: z.enum(attributeTypes),
    choices: z.string(),
  })
  .refine((v) => v.type !== "choice" || v.choices.trim() !== "", {
    path: ["choices"],
    message: "Type the choices, one per line",
  });
type AttributeForm = z.infer<typeof attributeForm>;

const col = dataTableColumns<AttributeDefinitionView>();
const columns = col.columns([
  col.accessor("label", {
    header: "Label",
    cell: (c) => <span className="font-medium">{c.getValue()}</span>,
  }),
  col.accessor("key", { header: "Key", cell: (c) => <code className="text-xs">{c.getValue()}</code> }),
  col.accessor("type", { header: "Type", cell: (c) => TYPE_LABEL[c.getValue()] }),
  col.accessor("choices", {
    header: "Choices",
    enableSorting: false,
    cell: (c) => <span className="break-words">{c.getValue()?.join(", ") ?? "—"}</span>,
  }),
  col.display({
    id: "actions",
    header: () => <span className="sr-only">Actions</span>,
    meta: { align: "end" },
    cell: (c) => <AttributeActions def={c.row.original} />,
  }),
]);

function AttributeActions({ def }: { def: AttributeDefinitionView }) {
  const [editing, setEditing] = useState(false);
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
        Edit<span className="sr-only"> attribute {def.label}</span>
      </Button>
      <ConfirmButton
        label="Delete"
        subject={`attribute ${def.label}`}
        title={`Delete the attribute ${def.label}?`}
        description="Its value is removed from every subscriber. Campaigns already launched keep their audience."
        confirmLabel="Delete attribute"
        run={() => deleteAttributeAction(def.key)}
        done={() => ({ title: "Attribute deleted", description: def.label })}
      />
      {editing ? <AttributeDialog def={def} onClose={() => setEditing(false)} /> : null}
    </div>
  );
}

function AttributeDialog({ def, onClose }: { def?: AttributeDefinitionView; onClose: () => void }) {
  const form = useForm<AttributeForm>({
    resolver: zodResolver(attributeForm),
    defaultValues: {
      key: def?.key ?? "",
      label: def?.label ?? "",
      type: def?.type ?? "text",
      choices: def?.choices?.join("\n") ?? "",
    },
  });
  const type = useWatch({ control: form.control, name: "type" });
  const { submit, error } = useSaveAndClose(
    form,
    (v: AttributeForm) =>
      def
        ? updateAttributeAction(def.key, { label: v.label, type: v.type, choices: v.choices })
        : createAttributeAction(v),
    onClose,
    (d) => ({ title: def ? "Attribute saved" : "Attribute created", description: d.label }),
  );
  return (
    <FormDialog
      open
      onClose={onClose}
      title={def ? `Edit attribute ${def.label}` : "New attribute"}
      description={
        def
          ? "A type change, or dropping a choice, is refused while subscribers hold values that would no longer fit."
          : "The key is what the API and CSV imports write values by; it cannot change later."
      }
      formId={def ? `edit-attribute-${def.key}` : "new-attribute"}
      onSubmit={submit}
      submitLabel={def ? "Save attribute" : "Create attribute"}
      submitting={form.formState.isSubmitting}
      error={error}
    >
      <FormField form={form} name="label" label="Label" required />
      <FormField
        form={form}
        name="key"
        label="Key"
        hint="a-z, 0-9 and _, starting with a letter (e.g. plan or renewal_date)"
        required
        disabled={!!def}
      />
      <FormField form={form} name="type" label="Type" kind="select" options={TYPES} />
      {type === "choice" ? (
        <FormField form={form} name="choices" label="Choices" hint="One per line" kind="textarea" rows={4} />
      ) : null}
    </FormDialog>
  );
}

/** The business's attribute definitions: create, relabel, change choices or type, delete. */
export function AttributesCard({ definitions }: { definitions: AttributeDefinitionView[] }) {
  const [creating, setCreating] = useState(false);
  return (
    <Card>
      <CardHeader
        title="Attributes"
        description="Up to 100 per business. A value that does not fit its type is refused with the reason."
        actions={
          <Button onClick={() => setCreating(true)} icon={<Icon name="plus" />}>
            New attribute
          </Button>
        }
      />
      <CardBody>
        <DataTable
          label="Attributes"
          columns={columns}
          data={definitions}
          getRowId={(d) => d.key}
          searchPlaceholder="Label or key"
          empty={
            <EmptyState
              icon={<Icon name="profiles" />}
              title="No attributes yet"
              description="Define the fields you keep for each subscriber: a plan, a renewal date, a city of delivery."
            />
          }
        />
      </CardBody>
      {creating ? <AttributeDialog onClose={() => setCreating(false)} /> : null}
    </Card>
  );
}
