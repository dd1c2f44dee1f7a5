"use client";

import { Controller, get, useWatch, type FieldErrors, type UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Input, Select, type SelectOption } from "@/components/ui/field";
import type { ValueOperator } from "@/lib/audiences/segments/definition";
import { operatorsOf, valueKindOf } from "@/lib/audiences/segments/operators";
import { profileFieldNames } from "@/lib/audiences/segments/profile-fields";
import type { CampaignChoice } from "@/lib/promotions/campaign-choices";
import {
  blankCondition,
  valueTypeOf,
  type AttributeChoice,
  type DraftCondition,
  type SegmentDraft,
} from "./segment-draft";

export type BuilderChoices = { attributes: AttributeChoice[]; tags: string[]; campaigns: CampaignChoice[] };

const KINDS: SelectOption[] = [
  { value: "field", label: "Profile field" },
  { value: "attribute", label: "Attribute" },
  { value: "tags", label: "Tags" },
  { value: "activity", label: "Campaign activity" },
  { value: "consent", label: "Consent" },
  { value: "channel", label: "RCS capability" },
];
const FIELD_LABELS: Record<(typeof profileFieldNames)[number], string> = {
  name: "Name",
  phone: "Phone",
  country: "Country code",
  city: "City",
  gender: "Gender",
  subscriber_id: "Subscriber id",
  age: "Age",
  dob: "Date of birth",
  subscribed: "Subscribed",
};
const OP_LABELS: Record<ValueOperator, string> = {
  equals: "is",
  contains: "contains",
  greater: "is more than",
  less: "is less than",
  before: "is before",
  after: "is after",
  within_last_days: "is in the last N days",
  is: "is",
  any_of: "is any of",
  is_set: "is set",
  not_set: "is not set",
};
const TAG_OPS: SelectOption[] = [
  { value: "any_of", label: "has any of" },
  { value: "all_of", label: "has all of" },
  { value: "none_of", label: "has none of" },
];
const EVENTS: SelectOption[] = [
  { value: "received", label: "received a campaign message" },
  { value: "read", label: "read a campaign message" },
  { value: "replied", label: "replied to a campaign" },
  { value: "clicked", label: "clicked a campaign link" },
];
const DID: SelectOption[] = [
  { value: "did", label: "Did" },
  { value: "did_not", label: "Did not" },
];
const CONSENT: SelectOption[] = [
  { value: "not_opted_out", label: "is not opted out" },
  { value: "opted_out", label: "is opted out" },
  { value: "marketing_opt_in", label: "opted in to marketing" },
  { value: "no_marketing_opt_in", label: "has no marketing opt-in" },
];
const RCS: SelectOption[] = [
  { value: "capable", label: "RCS capable" },
  { value: "not_capable", label: "not RCS capable" },
  { value: "unknown", label: "RCS capability unknown" },
];

/** The message of a problem at `path`, or of the first problem under it (a list's `tags.2`). */
function errorAt(errors: FieldErrors<SegmentDraft>, path: string): string | undefined {
  const e = get(errors, path) as unknown;
  if (!e || typeof e !== "object") return undefined;
  if ("message" in e && typeof e.message === "string") return e.message;
  const first = Object.values(e as Record<string, unknown>).find(
    (v): v is { message: string } =>
      !!v && typeof v === "object" && typeof (v as { message?: unknown }).message === "string",
  );
  return first?.message;
}

/** A list of checkboxes for picking several names (tags, a choice attribute's choices). */
function CheckboxList({
  legend,
  options,
  value,
  onChange,
  error,
}: {
  legend: string;
  options: string[];
  value: string[];
  onChange: (v: string[]) => void;
  error?: string;
}) {
  // Names match whatever the case; a picked one that is gone (a deleted tag) stays listed, so
  // it can be unticked once the server says it is unknown.
  const same = (a: string) => (b: string) => a.toLowerCase() === b.toLowerCase();
  const shown = [...options, ...value.filter((v) => !options.some(same(v)))];
  return (
    <fieldset className="min-w-0 space-y-1">
      <legend className="sr-only">{legend}</legend>
      {shown.length === 0 ? <p className="text-sm text-slate-500">None defined yet.</p> : null}
      <div
        className={cn(
          "flex max-h-40 flex-wrap gap-x-4 gap-y-1 overflow-y-auto rounded-md p-2 ring-1 ring-inset",
          error ? "ring-red-400" : "ring-slate-300",
        )}
      >
        {shown.map((o) => (
          <label key={o} className="flex items-center gap-1.5 text-sm text-slate-800">
            <input
              type="checkbox"
              className="size-4 accent-indigo-600"
              checked={value.some(same(o))}
              onChange={(e) => onChange(e.target.checked ? [...value, o] : value.filter((v) => !same(o)(v)))}
            />
            {o}
          </label>
        ))}
      </div>
      {error ? (
        <p className="text-xs font-medium text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** One condition: what it reads (its kind), then the selects and inputs that kind takes. */
export function ConditionRow({
  form,
  gi,
  ci,
  choices,
  onRemove,
  canRemove,
}: {
  form: UseFormReturn<SegmentDraft>;
  gi: number;
  ci: number;
  choices: BuilderChoices;
  onRemove: () => void;
  canRemove: boolean;
}) {
  const at = `definition.groups.${gi}.conditions.${ci}` as const;
  const c = useWatch({ control: form.control, name: at }) as DraftCondition;
  const errors = form.formState.errors;
  const err = (p: string) => errorAt(errors, `${at}.${p}`);
  const n = `condition ${ci + 1} of group ${gi + 1}`;
  const reg = (p: keyof DraftCondition) => form.register(`${at}.${p}` as `${typeof at}.op`);
  const type = valueTypeOf(c, choices.attributes);
  const attribute = choices.attributes.find((a) => a.key === c.key);

  const setKind = (kind: DraftCondition["kind"]) =>
    form.setValue(at, blankCondition(kind, choices.attributes), { shouldDirty: true });
  /** A new field or attribute keeps its operator only when it fits the new type. */
  const fitOp = (next: DraftCondition) => {
    const t = valueTypeOf(next, choices.attributes);
    if (t && !operatorsOf[t].includes(next.op as ValueOperator)) {
      form.setValue(`${at}.op`, operatorsOf[t][0]!, { shouldDirty: true });
    }
  };

  const valueControls = () => {
    if (c.kind !== "field" && c.kind !== "attribute") return null;
    const ops = type ? operatorsOf[type] : [];
    const kind = valueKindOf[c.op as ValueOperator] ?? "none";
    return (
      <>
        <Select
          label={`Operator, ${n}`}
          hideLabel
          options={ops.map((o) => ({ value: o, label: OP_LABELS[o] }))}
          error={err("op")}
          {...reg("op")}
        />
        {kind === "none" ? null : kind === "list" && type === "choice" ? (
          <Controller
            control={form.control}
            name={`${at}.values`}
            render={({ field }) => (
              <CheckboxList
                legend={`Values, ${n}`}
                options={attribute?.choices ?? []}
                value={field.value}
                onChange={field.onChange}
                error={err("value")}
              />
            )}
          />
        ) : type === "boolean" ? (
          <Select
            label={`Value, ${n}`}
            hideLabel
            placeholder="Choose"
            options={[
              { value: "true", label: "Yes" },
              { value: "false", label: "No" },
            ]}
            error={err("value")}
            {...reg("value")}
          />
        ) : (
          <Input
            label={
              kind === "list"
                ? `Values separated by commas, ${n}`
                : kind === "days"
                  ? `Days, ${n}`
                  : `Value, ${n}`
            }
            hideLabel
            type={
              kind === "days" || type === "number"
                ? "number"
                : type === "date" || type === "instant"
                  ? "date"
                  : "text"
            }
            placeholder={kind === "list" ? "Pune, Mumbai" : kind === "days" ? "Days" : "Value"}
            error={err("value")}
            {...reg("value")}
          />
        )}
      </>
    );
  };

  return (
    <li className="flex flex-col gap-2 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200 sm:flex-row sm:flex-wrap sm:items-start">
      <Select
        label={`Kind, ${n}`}
        hideLabel
        options={KINDS}
        value={c.kind}
        onChange={(e) => setKind(e.target.value as DraftCondition["kind"])}
      />
      {c.kind === "field" ? (
        <Select
          label={`Field, ${n}`}
          hideLabel
          options={profileFieldNames.map((f) => ({ value: f, label: FIELD_LABELS[f] }))}
          error={err("field")}
          {...form.register(`${at}.field`, { onChange: () => fitOp(form.getValues(at)) })}
        />
      ) : null}
      {c.kind === "attribute" ? (
        <Select
          label={`Attribute, ${n}`}
          hideLabel
          placeholder={choices.attributes.length ? undefined : "No attributes defined"}
          options={[
            ...choices.attributes.map((a) => ({ value: a.key, label: a.label })),
            // A saved key whose attribute was deleted since: shown, so the server's error has a place.
            ...(c.key && !attribute ? [{ value: c.key, label: `${c.key} (not defined)` }] : []),
          ]}
          error={err("key")}
          {...form.register(`${at}.key`, { onChange: () => fitOp(form.getValues(at)) })}
        />
      ) : null}
      {valueControls()}
      {c.kind === "tags" ? (
        <>
          <Select label={`Tag rule, ${n}`} hideLabel options={TAG_OPS} error={err("op")} {...reg("op")} />
          <Controller
            control={form.control}
            name={`${at}.tags`}
            render={({ field }) => (
              <CheckboxList
                legend={`Tags, ${n}`}
                options={choices.tags}
                value={field.value}
                onChange={field.onChange}
                error={err("tags")}
              />
            )}
          />
        </>
      ) : null}
      {c.kind === "activity" ? (
        <>
          <Select label={`Did or did not, ${n}`} hideLabel options={DID} error={err("op")} {...reg("op")} />
          <Select label={`Event, ${n}`} hideLabel options={EVENTS} error={err("event")} {...reg("event")} />
          <Select
            label={`Campaign, ${n}`}
            hideLabel
            placeholder="Any campaign"
            options={[
              ...choices.campaigns.map((p) => ({ value: p.id, label: p.name })),
              // One older than the newest offered, as saved.
              ...(c.promotionId && !choices.campaigns.some((p) => p.id === c.promotionId)
                ? [{ value: c.promotionId, label: `Campaign ${c.promotionId}` }]
                : []),
            ]}
            error={err("promotionId")}
            {...reg("promotionId")}
          />
          <Input
            label={`Within the last N days (empty: ever), ${n}`}
            hideLabel
            type="number"
            placeholder="Days (empty: ever)"
            error={err("withinDays")}
            {...reg("withinDays")}
          />
        </>
      ) : null}
      {c.kind === "consent" ? (
        <Select label={`Consent, ${n}`} hideLabel options={CONSENT} error={err("state")} {...reg("state")} />
      ) : null}
      {c.kind === "channel" ? (
        <Select label={`RCS, ${n}`} hideLabel options={RCS} error={err("rcs")} {...reg("rcs")} />
      ) : null}
      <Button variant="ghost" size="sm" onClick={onRemove} disabled={!canRemove} className="sm:ml-auto">
        Remove<span className="sr-only"> {n}</span>
      </Button>
    </li>
  );
}
