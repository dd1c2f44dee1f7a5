"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import {
  set,
  useFieldArray,
  useForm,
  type FieldErrors,
  type Resolver,
  type UseFormReturn,
} from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import type { SelectOption } from "@/components/ui/field";
import { applyActionErrors, FormField } from "@/components/ui/form-field";
import { Icon } from "@/components/ui/icons";
import { useToast } from "@/components/ui/toast";
import { MAX_CONDITIONS_PER_GROUP, MAX_GROUPS, SegmentInput } from "@/lib/audiences/segments/definition";
import { createSegmentAction, deleteSegmentAction, updateSegmentAction } from "./actions";
import { ConditionRow, type BuilderChoices } from "./condition-row";
import { LiveCount } from "./live-count";
import {
  blankCondition,
  blankGroup,
  toDefinition,
  type AttributeChoice,
  type SegmentDraft,
} from "./segment-draft";

const GROUPS_MATCH: SelectOption[] = [
  { value: "all", label: "Match all of these groups" },
  { value: "any", label: "Match any of these groups" },
];
const CONDITIONS_MATCH: SelectOption[] = [
  { value: "all", label: "All of these conditions" },
  { value: "any", label: "Any of these conditions" },
];

/** The definition's own zod schema (the API's) checks the draft, its problems on their controls. */
const draftResolver =
  (attributes: AttributeChoice[]): Resolver<SegmentDraft> =>
  async (values) => {
    const parsed = SegmentInput.safeParse({
      name: values.name,
      definition: toDefinition(values.definition, attributes),
    });
    if (parsed.success) return { values, errors: {} };
    const errors: FieldErrors<SegmentDraft> = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join(".");
      if (!path) continue;
      set(errors, path, { type: issue.code, message: issue.message });
    }
    return { values: {}, errors };
  };

function Group({
  form,
  gi,
  choices,
  onRemove,
  canRemove,
}: {
  form: UseFormReturn<SegmentDraft>;
  gi: number;
  choices: BuilderChoices;
  onRemove: () => void;
  canRemove: boolean;
}) {
  const conditions = useFieldArray({ control: form.control, name: `definition.groups.${gi}.conditions` });
  const groupError = (
    form.formState.errors.definition?.groups?.[gi]?.conditions as { message?: string } | undefined
  )?.message;
  return (
    <fieldset className="min-w-0 space-y-3 rounded-lg p-4 ring-1 ring-slate-200">
      <legend className="px-1 text-sm font-semibold text-slate-900">Group {gi + 1}</legend>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <FormField
          form={form}
          name={`definition.groups.${gi}.match`}
          label={`Conditions of group ${gi + 1}`}
          kind="select"
          options={CONDITIONS_MATCH}
        />
        <Button variant="ghost" size="sm" onClick={onRemove} disabled={!canRemove}>
          Remove group<span className="sr-only"> {gi + 1}</span>
        </Button>
      </div>
      <ul className="space-y-2" aria-label={`Group ${gi + 1} conditions`}>
        {conditions.fields.map((f, ci) => (
          <ConditionRow
            key={f.id}
            form={form}
            gi={gi}
            ci={ci}
            choices={choices}
            onRemove={() => conditions.remove(ci)}
            canRemove={conditions.fields.length > 1}
          />
        ))}
      </ul>
      {groupError ? (
        <p className="text-xs font-medium text-red-700" role="alert">
          {groupError}
        </p>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        icon={<Icon name="plus" />}
        disabled={conditions.fields.length >= MAX_CONDITIONS_PER_GROUP}
        onClick={() => conditions.append(blankCondition("field", choices.attributes))}
      >
        Add condition<span className="sr-only"> to group {gi + 1}</span>
      </Button>
    </fieldset>
  );
}

/**
 * A segment's name and definition: groups of conditions, each group its own all/any, the
 * groups joined by all/any; a live count beside it; save (create or update) and delete.
 */
export function SegmentBuilder({
  segment,
  initial,
  choices,
}: {
  segment?: { id: string; name: string };
  initial: SegmentDraft;
  choices: BuilderChoices;
}) {
  const router = useRouter();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const form = useForm<SegmentDraft>({ resolver: draftResolver(choices.attributes), defaultValues: initial });
  const groups = useFieldArray({ control: form.control, name: "definition.groups" });

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    const body = { name: values.name, definition: toDefinition(values.definition, choices.attributes) };
    const res = segment ? await updateSegmentAction(segment.id, body) : await createSegmentAction(body);
    if (!res.ok) return setError(applyActionErrors(form, res));
    toast.show({
      tone: "success",
      title: segment ? "Segment saved" : "Segment created",
      description: res.data.name,
    });
    form.reset(values);
    if (segment) router.refresh();
    else router.push(`/profiles/segments/${res.data.id}`);
  });

  return (
    <>
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start"
      >
        <Card className="min-w-0">
          <CardHeader title="Definition" description="Subscribers who match the groups, as joined below." />
          <CardBody className="space-y-4">
            {error ? <Alert tone="danger">{error}</Alert> : null}
            <FormField form={form} name="name" label="Name" required />
            <FormField
              form={form}
              name="definition.match"
              label="How the groups are joined"
              kind="select"
              options={GROUPS_MATCH}
            />
            {groups.fields.map((g, gi) => (
              <Group
                key={g.id}
                form={form}
                gi={gi}
                choices={choices}
                onRemove={() => groups.remove(gi)}
                canRemove={groups.fields.length > 1}
              />
            ))}
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                icon={<Icon name="plus" />}
                disabled={groups.fields.length >= MAX_GROUPS}
                onClick={() => groups.append(blankGroup(choices.attributes))}
              >
                Add group
              </Button>
            </div>
            <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
              {segment ? (
                <Button variant="danger" onClick={() => setDeleting(true)}>
                  Delete segment
                </Button>
              ) : null}
              <Button type="submit" loading={form.formState.isSubmitting}>
                {segment ? "Save segment" : "Create segment"}
              </Button>
            </div>
          </CardBody>
        </Card>
        <LiveCount form={form} attributes={choices.attributes} />
      </form>
      {segment ? (
        <ConfirmDialog
          open={deleting}
          onClose={() => {
            setDeleting(false);
            setDeleteError(null);
          }}
          title={`Delete the segment ${segment.name}?`}
          description="Subscribers are not touched; campaigns already launched on it keep their recipients."
          confirmLabel="Delete segment"
          error={deleteError}
          onConfirm={async () => {
            const res = await deleteSegmentAction(segment.id);
            if (!res.ok) return setDeleteError(res.message);
            toast.show({ tone: "success", title: "Segment deleted", description: segment.name });
            router.push("/profiles/segments");
          }}
        />
      ) : null}
    </>
  );
}
