"use client";

import { useWatch } from "react-hook-form";
import { cn, focusRing } from "@/components/ui/cn";
import { FormField } from "@/components/ui/form-field";
import { estimateSeconds, formatDuration } from "@/lib/promotions/wizard/estimate-duration";
import type { WizardSetup } from "@/lib/promotions/wizard/wizard-setup";
import { recipients } from "./recipients-text";
import type { Audience, StepProps, WizardForm } from "./wizard-form";

/** The sender's rate and the recipients that will be sent: the estimate the summary shows. */
export function estimateFor(form: WizardForm, setup: WizardSetup, audience: Audience | null) {
  const sender = setup.senders.find((s) => s.channel === form.channelType && s.sender === form.phoneNumberId);
  const recipients = audience ? audience.totals.valid - audience.totals.optedOut : 0;
  const senderRate = sender?.perSecond ?? 1;
  const seconds = estimateSeconds({
    recipients,
    senderRate,
    staggered: form.staggered,
    batchSize: form.batchSize || 0,
    batchTimer: form.batchTimer || 0,
  });
  return { recipients, senderRate, seconds, text: formatDuration(seconds) };
}

/**
 * Step 4: now or at a time of the business's zone, staggered batches, retries of failed
 * recipients, stop when the template's category changes, an end time; and how long it takes.
 */
export function DeliveryStep({ form, setup, audience }: StepProps) {
  const values = useWatch({ control: form.control }) as WizardForm;
  const estimate = estimateFor(values, setup, audience);
  return (
    <div className="space-y-5">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">When</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {(
            [
              ["now", "Send now"],
              ["later", "Schedule"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
              {/* Checked from the form's value: a radio group mounted after the form (this step)
                  did not show the default, while the review said "Now". */}
              <input
                type="radio"
                value={value}
                checked={(values.when ?? "now") === value}
                {...form.register("when")}
                className={cn("size-4 accent-indigo-600", focusRing)}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {values.when === "later" ? (
        <FormField
          form={form}
          name="scheduleLocal"
          type="datetime-local"
          label={`Send at (${setup.timeZone})`}
          hint="In the business's time zone (Settings)."
          required
          className="max-w-xs"
        />
      ) : null}
      <div className="space-y-3">
        <FormField
          form={form}
          name="staggered"
          kind="switch"
          label="Send in batches"
          hint="A batch of recipients, then a pause, until everyone has it."
        />
        {values.staggered ? (
          <div className="grid max-w-lg gap-3 sm:grid-cols-2">
            <FormField form={form} name="batchSize" type="number" label="Recipients per batch" />
            <FormField form={form} name="batchTimer" type="number" label="Seconds between batches" />
          </div>
        ) : null}
      </div>
      <div className="space-y-3">
        <FormField
          form={form}
          name="retryPromotion"
          kind="switch"
          label="Retry failed recipients"
          hint="Recipients whose message failed get it again in a later round."
        />
        {values.retryPromotion ? (
          <FormField
            form={form}
            name="maxRetries"
            type="number"
            label="Retries at most"
            className="max-w-xs"
          />
        ) : null}
      </div>
      <FormField
        form={form}
        name="stopOnCategoryUpdate"
        kind="switch"
        label="Stop if the template's category changes"
        hint="Meta may move a template to another category (and price); the campaign stops instead of sending on."
      />
      <FormField
        form={form}
        name="trackClicks"
        kind="switch"
        label="Track link clicks"
        hint="Each recipient's links become short links of your Switchboard host, so the campaign page counts who clicked. Off: links are sent as written."
      />
      <FormField
        form={form}
        name="attributionDays"
        type="number"
        label="Attribution window (days)"
        hint="A conversion your system reports within this many days of a recipient's message counts for this campaign."
        className="max-w-xs"
      />
      <FormField
        form={form}
        name="endLocal"
        type="datetime-local"
        label={`Stop sending at (${setup.timeZone})`}
        hint="Optional. Recipients not reached by then are never sent."
        className="max-w-xs"
      />
      <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-800" data-testid="duration-estimate">
        {recipients(estimate.recipients)} at up to {estimate.senderRate} messages per second
        {values.staggered && values.batchSize > 0 && values.batchTimer > 0
          ? ` (${values.batchSize} every ${values.batchTimer} s)`
          : ""}
        : {estimate.text}.
      </p>
    </div>
  );
}
