"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { get, useFieldArray, useForm, useWatch, type Resolver } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/field";
import { FormField } from "@/components/ui/form-field";
import { FlowChannel, KeywordMatch, type FlowTrigger } from "@/lib/flows/definition";
import {
  fieldsOf,
  rowIssues,
  rowOf,
  TRIGGER_TYPES,
  triggerOf,
  type TriggerRow,
} from "@/lib/flows/builder/trigger-rows";

type Values = { triggers: TriggerRow[] };

/** Each row checked by FlowTrigger (the API's schema), its issues on the row's fields. */
const TriggersForm = z
  .object({ triggers: z.array(z.custom<TriggerRow>()).max(20, "At most 20 triggers") })
  .superRefine((v, ctx) =>
    v.triggers.forEach((row, i) =>
      rowIssues(row).forEach(({ field, message }) =>
        ctx.addIssue({ code: "custom", path: ["triggers", i, field], message }),
      ),
    ),
  );

const KINDS: Record<FlowTrigger["type"], string> = {
  keyword: "Keyword",
  welcome: "Welcome: a new customer's first message",
  away: "Away: a message outside business hours",
  button: "Button: a tap on a button or list row",
  campaign: "Campaign: a reply to a campaign with this flow",
  fallback: "Fallback: a message no other flow took",
  api: "API: started for a number by your systems (or Start for a number)",
};
const CHANNELS: Record<(typeof FlowChannel.options)[number], string> = { chatapp: "WhatsApp", rcs: "RCS" };

/** The flow's triggers: add, remove, and per kind the fields the schema gives it. */
export function TriggersEditor({
  triggers,
  change,
}: {
  triggers: unknown[];
  change: (t: unknown[]) => void;
}) {
  const form = useForm<Values>({
    resolver: zodResolver(TriggersForm) as unknown as Resolver<Values>,
    defaultValues: { triggers: triggers.map(rowOf) },
  });
  const rows = useFieldArray({ control: form.control, name: "triggers" });
  const types = useWatch({ control: form.control, name: "triggers" });
  const error = (path: string) =>
    (get(form.formState.errors, path) as { message?: string } | undefined)?.message;
  return (
    <form
      noValidate
      aria-label="Triggers"
      className="space-y-3"
      onSubmit={form.handleSubmit((v) => change(v.triggers.map(triggerOf)))}
    >
      <h3 className="text-sm font-semibold text-slate-900">Triggers</h3>
      {rows.fields.length === 0 ? (
        <p className="text-sm text-amber-800">No trigger: the flow never starts. Add one.</p>
      ) : null}
      {error("triggers")?.length ? (
        <p className="text-sm text-red-700" role="alert">
          {error("triggers")}
        </p>
      ) : null}
      {rows.fields.map((f, i) => {
        const has = fieldsOf(types?.[i]?.type ?? f.type);
        const channelError = error(`triggers.${i}.channels`);
        return (
          <fieldset key={f.id} className="space-y-2 rounded-md border border-slate-200 p-2">
            <legend className="px-1 text-sm font-medium text-slate-800">Trigger {i + 1}</legend>
            <FormField
              form={form}
              name={`triggers.${i}.type`}
              label="Starts on"
              kind="select"
              options={TRIGGER_TYPES.map((t) => ({ value: t, label: KINDS[t] }))}
            />
            {has.has("match") ? (
              <FormField
                form={form}
                name={`triggers.${i}.match`}
                label="Match"
                kind="select"
                options={KeywordMatch.options.map((m) => ({
                  value: m,
                  label: m === "exact" ? "exact: the whole message" : "contains: a word of the message",
                }))}
              />
            ) : null}
            {has.has("words") ? (
              <FormField
                form={form}
                name={`triggers.${i}.words`}
                label="Keywords"
                kind="textarea"
                rows={3}
                required
                hint="One per line; case and accents do not matter"
              />
            ) : null}
            {has.has("payloads") ? (
              <FormField
                form={form}
                name={`triggers.${i}.payloads`}
                label="Button payloads"
                kind="textarea"
                rows={3}
                required
                hint="One per line"
              />
            ) : null}
            {has.has("channels") ? (
              <fieldset className="space-y-1">
                <legend className="text-sm font-medium text-slate-800">Channels</legend>
                <div className="flex flex-wrap gap-4">
                  {FlowChannel.options.map((c) => (
                    <Checkbox key={c} label={CHANNELS[c]} {...form.register(`triggers.${i}.channels.${c}`)} />
                  ))}
                </div>
                <p className="text-xs text-slate-500">None ticked: every channel</p>
                {channelError ? (
                  <p className="text-xs font-medium text-red-700" role="alert">
                    {channelError}
                  </p>
                ) : null}
              </fieldset>
            ) : null}
            {has.has("senders") ? (
              <FormField
                form={form}
                name={`triggers.${i}.senders`}
                label="Senders"
                kind="textarea"
                rows={2}
                hint="Sender ids (a WhatsApp number or RCS agent), one per line; none: every sender"
              />
            ) : null}
            <Button type="button" variant="ghost" size="sm" onClick={() => rows.remove(i)}>
              Remove trigger {i + 1}
            </Button>
          </fieldset>
        );
      })}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => rows.append(rowOf({ type: "keyword" }))}
        >
          Add a trigger
        </Button>
        <Button type="submit" size="sm" variant={form.formState.isDirty ? "primary" : "secondary"}>
          Apply triggers
        </Button>
      </div>
    </form>
  );
}
