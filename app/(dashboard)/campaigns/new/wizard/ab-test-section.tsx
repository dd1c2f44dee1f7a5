"use client";

import { useFieldArray, useWatch, type UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import type { WizardSetup } from "@/lib/promotions/wizard/wizard-setup";
import { VariantCard } from "./variant-card";
import { MAX_MORE_VARIANTS, type WizardForm } from "./wizard-form";

const NAMES = ["A", "B", "C", "D"];

/**
 * The optional A/B test: the message above is the first variant; 1 to 3 more, each with its
 * own template or values; a holdout share (0-50%) that is sent nothing. What it submits is
 * E1's `abTest` (launch-body.ts), checked by the same rules (wizard-form.ts, checkVariants).
 */
export function AbTestSection({
  form,
  setup,
  columns,
  labels,
  row,
}: {
  form: UseFormReturn<WizardForm>;
  setup: WizardSetup;
  columns: string[];
  labels?: Record<string, string>;
  row: Record<string, string> | undefined;
}) {
  const enabled = useWatch({ control: form.control, name: "abEnabled" });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "variants" });
  const rootError = form.formState.errors.variants?.root?.message ?? form.formState.errors.variants?.message;
  function add() {
    const taken = new Set(
      [form.getValues("firstVariantName"), ...form.getValues("variants").map((v) => v.name)].map((n) =>
        n.trim().toLowerCase(),
      ),
    );
    append({
      name: NAMES.find((n) => !taken.has(n.toLowerCase())) ?? "",
      templateId: form.getValues("templateId"),
      slots: structuredClone(form.getValues("slots")),
    });
  }
  const toggle = form.register("abEnabled");
  const winner = useWatch({ control: form.control, name: "winnerEnabled" });
  return (
    <section aria-labelledby="ab-test-heading" className="space-y-3 border-t border-slate-200 pt-5">
      <h3 id="ab-test-heading" className="text-base font-semibold text-slate-900">
        A/B test (optional)
      </h3>
      <p className="text-sm text-slate-600">
        Send 2 to 4 variants (other templates, or other values for the variables) and keep a holdout that is
        sent nothing. Each recipient is drawn at random into one of them, with the same mix of countries in
        each. The campaign page compares the variants on delivered, read, replied, clicked and converted, and
        each variant&apos;s conversions with the holdout&apos;s: what the campaign itself changed.
      </p>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          className="size-4 accent-indigo-600"
          {...toggle}
          onChange={(e) => {
            void toggle.onChange(e);
            if (e.target.checked && form.getValues("variants").length === 0) add();
          }}
        />
        Test variants of this message
      </label>
      {enabled ? (
        <div className="space-y-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField
              form={form}
              name="firstVariantName"
              label="Name of the first variant (the message above)"
              required
            />
            <FormField
              form={form}
              name="holdoutPercent"
              type="number"
              label="Holdout: % of the audience sent nothing"
              hint="0 to 50. 10% is common; 0 compares the variants only."
            />
          </div>
          {fields.map((f, i) => (
            <VariantCard
              key={f.id}
              form={form}
              setup={setup}
              index={i}
              columns={columns}
              labels={labels}
              row={row}
              onRemove={() => remove(i)}
            />
          ))}
          {rootError ? (
            <p className="text-sm text-red-700" role="alert">
              {rootError}
            </p>
          ) : null}
          {fields.length < MAX_MORE_VARIANTS ? (
            <Button variant="secondary" onClick={add}>
              Add a variant
            </Button>
          ) : null}
          <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium text-slate-800">Send the winner to the rest</legend>
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="size-4 accent-indigo-600"
                {...form.register("winnerEnabled")}
              />
              Test on part of the audience first, then send the best variant to the others
            </label>
            {winner ? (
              <div className="grid gap-3 sm:grid-cols-3">
                <FormField
                  form={form}
                  name="winnerTestShare"
                  type="number"
                  label="Test share: % of the audience outside the holdout"
                  hint="5 to 50. The others wait for the winner."
                />
                <FormField
                  form={form}
                  name="winnerTestHours"
                  type="number"
                  label="Test period (hours from the start)"
                  hint="1 to 168 (a week)."
                />
                <FormField
                  form={form}
                  name="winnerMetric"
                  kind="select"
                  label="Winner by"
                  options={[
                    { value: "read", label: "Read rate" },
                    { value: "clicked", label: "Click rate" },
                    { value: "converted", label: "Conversion rate" },
                  ]}
                />
              </div>
            ) : null}
          </fieldset>
        </div>
      ) : null}
    </section>
  );
}
