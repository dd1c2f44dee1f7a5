"use client";

import { useFieldArray } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/field";
import { FormField } from "@/components/ui/form-field";
import { AskStep } from "@/lib/flows/definition";
import { ApplyButton } from "./apply-button";
import { useStepForm, type StepFormProps } from "./use-step-form";

const asObjects = (v: unknown) =>
  Array.isArray(v) ? v.map((c) => (typeof c === "string" ? { title: c } : (c as object))) : [];

/**
 * The form's own check: the step's shape, and a question unless it only waits. The format's
 * other rules (at most 3 buttons, ...) are applied and shown on the canvas, as for every step.
 */
const AskFormStep = AskStep.refine((s) => s.waitOnly || s.question.length > 0, {
  path: ["question"],
  message: "Write the question",
});

const PROFILE_FIELDS = ["name", "city", "gender", "age", "dob"].map((f) => ({
  value: f,
  label: f === "dob" ? "date of birth" : f,
}));
/** A select's empty choice is "not saved there": the step leaves the key out. */
const orUnset = { setValueAs: (v: unknown) => (v === "" || v === null ? undefined : v) };

export function AskForm({
  step,
  apply,
  formId,
  attributes,
}: StepFormProps & { attributes: Array<{ key: string; label: string }> }) {
  // The schema's defaults shown as values (an imported step may leave them out).
  const withDefaults = {
    expect: "text",
    show: "text",
    retries: 2,
    retryText: "Sorry, I didn't get that.",
    listButton: "Choose",
    waitOnly: false,
    question: "",
    ...step,
    choices: asObjects(step.choices),
  };
  // A wait-only ask keeps no question: the form's hidden text is not saved with it.
  const { form, onSubmit } = useStepForm(AskFormStep, withDefaults, (s) =>
    apply(s.waitOnly ? { ...s, question: "" } : s),
  );
  const waitOnly = form.watch("waitOnly") === true;
  const choices = useFieldArray({ control: form.control, name: "choices" });
  const errors = form.formState.errors as Record<string, unknown> & {
    choices?: { message?: string } & Array<{ title?: { message?: string } }>;
  };
  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="space-y-3">
      <FormField
        form={form}
        name="waitOnly"
        label="Only wait for the answer (send no question)"
        kind="checkbox"
        hint="For an answer to the message before it, such as a template's quick-reply buttons: the one thing a flow may send outside the 24-hour window"
      />
      {waitOnly ? null : (
        <FormField form={form} name="question" label="Question" kind="textarea" rows={3} required />
      )}
      <FormField
        form={form}
        name="saveAs"
        label="Save the answer as"
        required
        hint="A variable: lower case, digits and _"
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <Select
          label="Also save it to the profile field"
          placeholder="No profile field"
          options={PROFILE_FIELDS}
          {...form.register("saveToProfile", orUnset)}
        />
        <Select
          label="Also save it to the attribute"
          placeholder="No attribute"
          hint={
            attributes.length === 0
              ? "Define attributes in Profiles, Tags and attributes"
              : "Checked by its type"
          }
          options={attributes.map((a) => ({ value: a.key, label: a.label }))}
          {...form.register("saveToAttribute", orUnset)}
        />
      </div>
      <FormField
        form={form}
        name="expect"
        label="The answer must be"
        kind="select"
        options={["text", "number", "email", "phone", "date", "choice"].map((v) => ({ value: v, label: v }))}
      />
      <FormField
        form={form}
        name="show"
        label="Offer the choices as"
        kind="select"
        options={[
          { value: "text", label: "text" },
          { value: "buttons", label: "reply buttons (up to 3)" },
          { value: "list", label: "a list (up to 10)" },
        ]}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Choices</legend>
        {errors.choices?.message ? (
          <p className="text-sm text-red-700" role="alert">
            {errors.choices.message}
          </p>
        ) : null}
        {choices.fields.map((f, i) => (
          <div key={f.id} className="flex items-end gap-2">
            <div className="min-w-0 flex-1">
              <Input
                label={`Choice ${i + 1}`}
                {...form.register(`choices.${i}.title`)}
                error={errors.choices?.[i]?.title?.message}
              />
            </div>
            <Button type="button" variant="ghost" size="sm" onClick={() => choices.remove(i)}>
              Remove<span className="sr-only"> choice {i + 1}</span>
            </Button>
          </div>
        ))}
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => choices.append({ title: "", next: null })}
        >
          Add a choice
        </Button>
      </fieldset>
      <FormField
        form={form}
        name="retryText"
        label="Said when the answer does not fit"
        hint={
          waitOnly
            ? "Sent alone (with the choices when offered as buttons or a list) to ask again"
            : undefined
        }
      />
      <div>
        <Input
          label="Asks again"
          type="number"
          min={0}
          max={5}
          {...form.register("retries", { valueAsNumber: true })}
          error={(errors.retries as { message?: string } | undefined)?.message}
        />
      </div>
      <ApplyButton dirty={form.formState.isDirty} />
    </form>
  );
}
