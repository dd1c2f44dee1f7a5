"use client";

import { useFieldArray } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { HttpMethod, HttpRequestStep } from "@/lib/flows/definition";
import { jsonBodyProblem } from "@/lib/flows/json-body";
import type { DraftStep } from "@/lib/flows/builder/step-outputs";
import { ApplyButton } from "./apply-button";
import { useStepForm, type StepFormProps } from "./use-step-form";

const blankIsNone = (v: unknown) => (typeof v === "string" && !v.trim() ? undefined : v);

/**
 * The step's own schema, with the timeout in seconds (the step keeps milliseconds, checked by
 * the step's bounds), the body checked as the JSON the engine sends, and an empty body or
 * status variable meaning none.
 */
const HttpForm = HttpRequestStep.pick({ method: true, url: true, headers: true, save: true }).extend({
  body: z.preprocess(
    blankIsNone,
    HttpRequestStep.shape.body.superRefine((b, ctx) => {
      const problem = b === undefined ? null : jsonBodyProblem(b);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  ),
  timeoutSeconds: z.number({ error: "A number of seconds" }).superRefine((s, ctx) => {
    const checked = HttpRequestStep.shape.timeoutMs.safeParse(Math.round(s * 1000));
    if (!checked.success) ctx.addIssue({ code: "custom", message: checked.error.issues[0]!.message });
  }),
  statusAs: z.preprocess(blankIsNone, HttpRequestStep.shape.statusAs),
});

const list = (v: unknown) => (Array.isArray(v) ? v : []);

function toForm(step: DraftStep) {
  return {
    ...step,
    method: step.method ?? "POST",
    headers: list(step.headers),
    save: list(step.save),
    body: typeof step.body === "string" ? step.body : "",
    statusAs: typeof step.statusAs === "string" ? step.statusAs : "",
    timeoutSeconds: (typeof step.timeoutMs === "number" ? step.timeoutMs : 5000) / 1000,
  };
}

function fromForm(v: DraftStep): DraftStep {
  const { timeoutSeconds, body, statusAs, ...rest } = v;
  return {
    ...rest,
    timeoutMs: Math.round(Number(timeoutSeconds) * 1000),
    ...(body === undefined ? {} : { body }),
    ...(statusAs === undefined ? {} : { statusAs }),
  };
}

export function HttpRequestForm({ step, apply, formId }: StepFormProps) {
  const { form, onSubmit } = useStepForm(HttpForm, toForm(step), (s) => apply(fromForm(s)));
  const headers = useFieldArray({ control: form.control, name: "headers" });
  const save = useFieldArray({ control: form.control, name: "save" });
  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="space-y-3">
      <FormField
        form={form}
        name="method"
        label="Method"
        kind="select"
        options={HttpMethod.options.map((m) => ({ value: m, label: m }))}
      />
      <FormField
        form={form}
        name="url"
        label="URL"
        type="url"
        required
        hint="{{name}} is the run's variable (URL-encoded)"
      />
      <PairRows
        form={form}
        legend="Headers"
        rows={headers}
        item="header"
        Item="Header"
        keys={["name", "value"]}
        add="Add a header"
        prefix="headers"
      />
      <FormField
        form={form}
        name="body"
        label="JSON body"
        kind="textarea"
        rows={5}
        className="[&_textarea]:font-mono"
        hint='Optional, not sent with GET; {{name}} and "{{name}}" become JSON strings'
      />
      <FormField
        form={form}
        name="timeoutSeconds"
        label="Timeout (seconds)"
        type="number"
        hint="At most 10 seconds; then the request counts as failed"
      />
      <PairRows
        form={form}
        legend="Save from the answer"
        intro="A dotted path into the JSON answer (order.status, items.0.id) and the variable it is saved as."
        rows={save}
        item="field"
        Item="Field"
        keys={["path", "variable"]}
        add="Add a field"
        prefix="save"
      />
      <FormField form={form} name="statusAs" label="Save the HTTP status as" hint="Optional: a variable" />
      <p className="text-xs text-slate-500">
        A 2xx answer goes on to &quot;2xx&quot;, anything else to &quot;failure&quot; (below).
      </p>
      <ApplyButton dirty={form.formState.isDirty} />
    </form>
  );
}

/** A list of two-field rows (a header's name and value, a saved field's path and variable). */
function PairRows({
  form,
  legend,
  intro,
  rows,
  item,
  Item,
  keys,
  add,
  prefix,
}: {
  form: ReturnType<typeof useStepForm>["form"];
  legend: string;
  intro?: string;
  rows: { fields: Array<{ id: string }>; remove: (i: number) => void; append: (v: never) => void };
  item: string;
  Item: string;
  keys: [string, string];
  add: string;
  prefix: string;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {intro ? <p className="text-xs text-slate-500">{intro}</p> : null}
      {rows.fields.map((f, i) => (
        <div key={f.id} className="space-y-1">
          <div className="flex flex-wrap items-start gap-2">
            {keys.map((k) => (
              <div key={k} className="min-w-0 flex-1 basis-28">
                <FormField form={form} name={`${prefix}.${i}.${k}`} label={`${Item} ${i + 1} ${k}`} />
              </div>
            ))}
          </div>
          <div>
            <Button type="button" variant="ghost" size="sm" onClick={() => rows.remove(i)}>
              Remove<span className="sr-only">{` ${item} ${i + 1}`}</span>
            </Button>
          </div>
        </div>
      ))}
      <Button
        type="button"
        variant="secondary"
        size="sm"
        onClick={() => rows.append({ [keys[0]]: "", [keys[1]]: "" } as never)}
      >
        {add}
      </Button>
    </fieldset>
  );
}
