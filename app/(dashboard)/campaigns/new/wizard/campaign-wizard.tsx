"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { launchCampaignAction } from "@/app/(dashboard)/campaigns/new/actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardFooter } from "@/components/ui/card";
import { useToast } from "@/components/ui/toast";
import type { CountryOption } from "@/lib/businesses/country-options";
import type { ErrorDetail } from "@/lib/errors";
import type { LaunchDryRun } from "@/lib/promotions/launch/launch-dry-run";
import { slotsOf, type WizardTemplate } from "@/lib/promotions/wizard/template-slots";
import type { WizardSetup } from "@/lib/promotions/wizard/wizard-setup";
import { zonedToIso } from "@/lib/promotions/wizard/zoned-time";
import { AudienceStep } from "./audience-step";
import { DeliveryStep } from "./delivery-step";
import { launchBody } from "./launch-body";
import { LaunchDryRunPanel } from "./launch-dry-run";
import { MappingStep } from "./mapping-step";
import { MessageStep } from "./message-step";
import { ReviewStep } from "./review-step";
import { fieldKey } from "./slot-values";
import { useWizardAudience } from "./use-wizard-audience";
import { WizardSteps } from "./wizard-steps";
import {
  fieldOfPath,
  initialValues,
  senderFor,
  STEP_FIELDS,
  STEPS,
  wizardForm,
  type WizardForm,
} from "./wizard-form";

/** The slots of a template the form has no value for, each with the error its field shows. */
function emptySlots(
  template: WizardTemplate,
  slots: WizardForm["slots"],
  prefix: "slots" | `variants.${number}.slots`,
): { path: `${typeof prefix}.${string}.value`; message: string }[] {
  return slotsOf(template).flatMap((slot) => {
    const value = slots[fieldKey(slot.key)];
    if (value?.value?.trim()) return [];
    const message = value?.kind === "upload" ? "Upload an image" : "Choose a column or type a text";
    return [{ path: `${prefix}.${fieldKey(slot.key)}.value` as const, message }];
  });
}

/** Whether an ISO time is still to come (read when Next is pressed, never while rendering). */
const isFuture = (iso: string | null | undefined): boolean => !!iso && Date.parse(iso) > Date.now();

const DRY_RUN_FIRST = "Run the dry run first: it checks every row before anything is sent.";

/**
 * The new-campaign wizard: audience (a list, profiles, a segment or tags), columns and dry run,
 * message (with an optional A/B test), delivery, launch.
 * One form across the steps; each step checks its own fields before Next, and errors from the
 * server land on their field (and its step). Launch runs E1 once per `launchKey`.
 */
export function CampaignWizard({
  setup,
  countries,
  launchKey,
}: {
  setup: WizardSetup;
  countries: CountryOption[];
  launchKey: string;
}) {
  const router = useRouter();
  const toast = useToast();
  const form = useForm<WizardForm>({
    resolver: zodResolver(wizardForm),
    defaultValues: initialValues(setup),
    mode: "onTouched",
  });
  const [step, setStep] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  const [launching, setLaunching] = useState(false);
  const [dryRun, setDryRun] = useState<LaunchDryRun | null>(null);
  const launched = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);

  function showErrors(message: string, details: ErrorDetail[]) {
    let target: number | null = null;
    let unplaced = details.length === 0;
    for (const d of details) {
      const at = fieldOfPath(d.path, message);
      if (!at) {
        unplaced = true;
        continue;
      }
      form.setError(at.field, { type: "server", message: d.message === "Required" ? message : d.message });
      target = target === null ? at.step : Math.min(target, at.step);
    }
    if (target !== null && target !== step) setStep(target);
    setFormError(unplaced ? message : null);
  }

  const a = useWizardAudience(form, showErrors);
  const values = useWatch({ control: form.control }) as WizardForm;
  // The reminder is answered once a dry run has stored the audience: it must not linger.
  const shownError = formError === DRY_RUN_FIRST && a.audience ? null : formError;
  const template = setup.templates.find(
    (t) => t.id === values.templateId && t.channel === values.channelType,
  );
  // A segment's or tags' audience goes in E1's body; the variants' templates are the business's;
  // an A/B draw is seeded by the launch key, so the dry run's holdout is exactly the launch's.
  const bodyExtra = { target: a.audience?.target, templates: setup.templates, seed: launchKey };

  useEffect(() => {
    // "Duplicate as new": the same list, shown as a picked one is (a segment or tags are counted
    // by the audience step when it opens on them).
    const audience = setup.draft?.audience;
    if (audience?.source === "list" && audience.listName) void a.pickList(audience.listName);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for "duplicate as new"
  }, []);

  useEffect(() => {
    // Another channel has other senders: keep the choice when it belongs, else its first sender.
    const sender = senderFor(setup, values.channelType, form.getValues("phoneNumberId"));
    if (sender !== form.getValues("phoneNumberId")) form.setValue("phoneNumberId", sender);
  }, [values.channelType, setup, form]);

  useEffect(() => {
    // Focus moves to the new step's title (not on the first render): keyboard and screen readers follow.
    if (first.current) first.current = false;
    else heading.current?.focus();
  }, [step]);

  async function stepIsValid(): Promise<boolean> {
    const ok = await form.trigger(STEP_FIELDS[step]);
    const v = form.getValues();
    if (step === 0 && v.source === "csv" && !a.head) {
      a.setFileError("Choose a CSV file with a header row and a phone column");
      return false;
    }
    if (step === 0 && (v.source === "segment" || v.source === "tags") && ok) {
      return a.audience ? true : await a.loadTarget();
    }
    if (step === 0 && v.source !== "csv" && ok && !a.audience) {
      form.setError("listName", {
        message: v.source === "list" ? "Show the list first" : "Build the list from profiles first",
      });
      return false;
    }
    if (step === 1 && !a.audience) {
      setFormError(DRY_RUN_FIRST);
      return false;
    }
    if (step === 2 && template) {
      const missing = emptySlots(template, v.slots, "slots");
      if (v.abEnabled)
        v.variants.forEach((variant, i) => {
          const t = setup.templates.find((x) => x.id === variant.templateId && x.channel === v.channelType);
          if (t) missing.push(...emptySlots(t, variant.slots ?? {}, `variants.${i}.slots`));
        });
      for (const m of missing) form.setError(m.path, { message: m.message });
      return ok && missing.length === 0;
    }
    if (step === 3 && ok && v.when === "later") {
      const iso = zonedToIso(v.scheduleLocal, setup.timeZone);
      if (!isFuture(iso)) {
        form.setError("scheduleLocal", { message: "Choose a time in the future" });
        return false;
      }
    }
    return ok;
  }

  async function next() {
    setFormError(null);
    if (await stepIsValid()) setStep(step + 1);
  }

  async function launch() {
    if (launched.current || !a.audience || !template) return;
    launched.current = true;
    setLaunching(true);
    setFormError(null);
    const res = await launchCampaignAction({
      listName: a.audience.target ? "" : a.audience.list.name,
      body: launchBody(form.getValues(), template, setup.timeZone, bodyExtra),
      idempotencyKey: launchKey,
    });
    if (!res.ok) {
      launched.current = false;
      setLaunching(false);
      showErrors(res.message, res.fieldErrors);
      return;
    }
    toast.show({
      tone: "success",
      title: res.data.status === "Scheduled" ? "Campaign scheduled" : "Campaign launched",
    });
    router.push(`/campaigns/${res.data.promotionId}`);
  }

  return (
    <div className="space-y-6">
      <WizardSteps steps={STEPS} current={step} onGo={(i) => i < step && setStep(i)} />
      <Card>
        <CardBody className="space-y-5">
          <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
            {step + 1}. {STEPS[step]}
          </h2>
          {shownError ? <Alert tone="danger">{shownError}</Alert> : null}
          {step === 0 ? (
            <AudienceStep
              form={form}
              setup={setup}
              head={a.head}
              fileName={a.fileName}
              fileError={a.fileError}
              audience={a.audience}
              busy={a.busy}
              onFile={a.onFile}
              onPickList={a.pickList}
              onBuildProfiles={a.buildProfiles}
              onLoadTarget={a.loadTarget}
            />
          ) : null}
          {step === 1 ? (
            <MappingStep
              form={form}
              countries={countries}
              head={a.head}
              audience={a.audience}
              progress={a.progress}
              uploading={a.busy}
              onDryRun={a.dryRun}
              onCancel={a.cancelUpload}
            />
          ) : null}
          {step === 2 ? <MessageStep form={form} setup={setup} audience={a.audience} /> : null}
          {step === 3 ? <DeliveryStep form={form} setup={setup} audience={a.audience} /> : null}
          {step === 4 ? (
            <ReviewStep
              values={values}
              setup={setup}
              audience={a.audience}
              template={template}
              dryRun={dryRun}
            />
          ) : null}
          {step === 4 && a.audience && template ? (
            <LaunchDryRunPanel
              listName={a.audience.target ? "" : a.audience.list.name}
              listId={a.audience.list.id}
              body={launchBody(values, template, setup.timeZone, bodyExtra)}
              onResult={setDryRun}
            />
          ) : null}
        </CardBody>
        <CardFooter className="flex flex-wrap justify-between gap-3">
          <Button variant="secondary" onClick={() => setStep(step - 1)} disabled={step === 0 || launching}>
            Back
          </Button>
          {step < STEPS.length - 1 ? (
            <Button onClick={next} disabled={a.busy}>
              Next
            </Button>
          ) : (
            <Button onClick={launch} loading={launching} data-testid="launch">
              {values.when === "later" ? "Schedule campaign" : "Launch campaign"}
            </Button>
          )}
        </CardFooter>
      </Card>
    </div>
  );
}
