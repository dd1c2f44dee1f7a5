"use client";

import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { useSaveAndClose } from "@/components/ui/use-save-and-close";
import { bulkChangeProfilesAction } from "./actions";

type Values = { action: "add_tag" | "remove_tag" | "set_attribute"; tag: string; key: string; value: string };
export type BulkChoices = { tags: string[]; attributes: Array<{ key: string; label: string }> };

const ACTIONS = [
  { value: "add_tag", label: "Add a tag" },
  { value: "remove_tag", label: "Remove a tag" },
  { value: "set_attribute", label: "Set an attribute" },
];

/** "Change N profiles": one tag or attribute change on every profile the search matches. */
export function BulkChange({ q, total, choices }: { q: string; total: number; choices: BulkChoices }) {
  const [open, setOpen] = useState(false);
  if (total === 0) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {q ? `Change ${total} matching` : `Change all ${total}`}
      </Button>
      {open ? (
        <BulkChangeDialog q={q} total={total} choices={choices} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

function BulkChangeDialog({
  q,
  total,
  choices,
  onClose,
}: {
  q: string;
  total: number;
  choices: BulkChoices;
  onClose: () => void;
}) {
  const tagList = useId();
  const form = useForm<Values>({
    defaultValues: { action: "add_tag", tag: "", key: choices.attributes[0]?.key ?? "", value: "" },
  });
  const action = useWatch({ control: form.control, name: "action" });
  const { submit, error } = useSaveAndClose(
    form,
    (v: Values) =>
      bulkChangeProfilesAction(
        q,
        v.action === "set_attribute"
          ? { action: v.action, key: v.key, value: v.value }
          : { action: v.action, tag: v.tag },
      ),
    onClose,
    (r) => ({ title: `${r.updated} profiles changed`, description: q ? `Matching “${q}”` : "All profiles" }),
  );
  const who = q ? `the ${total} profiles matching “${q}”` : `all ${total} profiles`;
  return (
    <FormDialog
      open
      onClose={onClose}
      title="Change profiles"
      description={`One change on ${who}. It sets a state, so running it again changes nothing more.`}
      formId="bulk-change-profiles"
      onSubmit={submit}
      submitLabel={`Change ${total} profiles`}
      submitting={form.formState.isSubmitting}
      error={error}
    >
      <FormField form={form} name="action" label="Change" kind="select" options={ACTIONS} />
      {action === "set_attribute" ? (
        choices.attributes.length === 0 ? (
          <p className="text-sm text-slate-600">
            No attributes are defined yet: define them in Tags and attributes.
          </p>
        ) : (
          <>
            <FormField
              form={form}
              name="key"
              label="Attribute"
              kind="select"
              options={choices.attributes.map((a) => ({ value: a.key, label: a.label }))}
            />
            <FormField
              form={form}
              name="value"
              label="Value"
              hint="Checked by the attribute's type; empty removes it"
            />
          </>
        )
      ) : (
        <>
          <Input
            label="Tag"
            required
            hint="Adding a new name creates the tag"
            list={tagList}
            error={form.formState.errors.tag?.message}
            {...form.register("tag")}
          />
          <datalist id={tagList}>
            {choices.tags.map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
        </>
      )}
    </FormDialog>
  );
}
