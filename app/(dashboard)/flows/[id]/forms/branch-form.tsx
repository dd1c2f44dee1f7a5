"use client";

import { useFieldArray, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/field";
import { BranchStep, ConditionOp, ConditionSource } from "@/lib/flows/definition";
import { ApplyButton } from "./apply-button";
import { useStepForm, type StepFormProps } from "./use-step-form";

const OPS = ConditionOp.options;
const SOURCES = ConditionSource.options;

/** Rules as the form edits them: a condition's old `variable` shorthand becomes source + key. */
const asRules = (v: unknown) =>
  (Array.isArray(v) ? v : []).map((r: { when?: Record<string, unknown>; next?: unknown }) => {
    const w = r.when ?? {};
    return {
      next: r.next ?? null,
      when: {
        source: w.source ?? "variable",
        key: w.key ?? w.variable ?? "",
        op: w.op ?? "equals",
        value: w.value ?? "",
      },
    };
  });

export function BranchForm({
  step,
  apply,
  formId,
  segments,
}: StepFormProps & { segments: Array<{ id: string; name: string }> }) {
  const { form, onSubmit } = useStepForm(BranchStep, { ...step, rules: asRules(step.rules) }, apply);
  const rules = useFieldArray({ control: form.control, name: "rules" });
  const watched = useWatch({ control: form.control, name: "rules" }) as Array<{ when?: { source?: string } }>;
  const errors = form.formState.errors as {
    rules?: { message?: string } & Array<{ when?: Record<string, { message?: string }> }>;
  };
  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="space-y-3">
      <p className="text-sm text-slate-600">
        The first rule that holds picks the way on; else &quot;otherwise&quot;.
      </p>
      {errors.rules?.message ? (
        <p className="text-sm text-red-700" role="alert">
          {errors.rules.message}
        </p>
      ) : null}
      {rules.fields.map((f, i) => (
        <fieldset key={f.id} className="space-y-2 rounded-md border border-slate-200 p-2">
          <legend className="px-1 text-sm font-medium text-slate-800">Rule {i + 1}</legend>
          <Select
            label="Looks at"
            options={SOURCES.map((v) => ({ value: v, label: v.replace(/_/g, " ") }))}
            {...form.register(`rules.${i}.when.source`)}
          />
          {watched?.[i]?.when?.source === "segment" ? (
            <Select
              label="Segment"
              placeholder="Choose a segment"
              hint={
                segments.length === 0
                  ? "Build segments in Profiles, Segments"
                  : "Condition: is true (in it now) or is false"
              }
              options={segments.map((sg) => ({ value: sg.id, label: sg.name }))}
              {...form.register(`rules.${i}.when.key`)}
              error={errors.rules?.[i]?.when?.key?.message}
            />
          ) : (
            <Input
              label="Variable or field"
              {...form.register(`rules.${i}.when.key`)}
              error={errors.rules?.[i]?.when?.key?.message}
            />
          )}
          <Select
            label="Condition"
            options={OPS.map((v) => ({ value: v, label: v.replace(/_/g, " ") }))}
            {...form.register(`rules.${i}.when.op`)}
          />
          <Input
            label="Value"
            {...form.register(`rules.${i}.when.value`)}
            error={errors.rules?.[i]?.when?.value?.message}
          />
          <Button type="button" variant="ghost" size="sm" onClick={() => rules.remove(i)}>
            Remove rule {i + 1}
          </Button>
        </fieldset>
      ))}
      <Button
        type="button"
        variant="secondary"
        size="sm"
        onClick={() =>
          rules.append({ when: { source: "variable", key: "", op: "equals", value: "" }, next: null })
        }
      >
        Add a rule
      </Button>
      <div>
        <ApplyButton dirty={form.formState.isDirty} />
      </div>
    </form>
  );
}
