import { buildComponents, slotsOf, type WizardTemplate } from "@/lib/promotions/wizard/template-slots";
import type { WizardTarget } from "@/lib/promotions/wizard/preview-audience";
import { zonedToIso } from "@/lib/promotions/wizard/zoned-time";
import { slotValues } from "./slot-values";
import { winnerBody, type WizardForm } from "./wizard-form";

/** E1's `template` of a wizard template with the form's values for its slots. */
function templateBody(template: WizardTemplate, slots: WizardForm["slots"]) {
  return {
    ...(template.channel === "rcs" ? { id: template.id } : {}),
    name: template.name,
    language: template.language,
    components: buildComponents(template, slotValues(slotsOf(template), slots)),
  };
}

/**
 * E1's `abTest` from the A/B section: the first variant is the message step's template and
 * values, the others their own. A variant whose template is not offered names none (E1's 400
 * then lands on its field).
 */
function abTestBody(
  form: WizardForm,
  first: ReturnType<typeof templateBody>,
  templates: WizardTemplate[],
  seed: string | undefined,
) {
  return {
    variants: [
      { name: form.firstVariantName.trim(), template: first },
      ...form.variants.map((v) => {
        const t = templates.find((x) => x.id === v.templateId && x.channel === form.channelType);
        return { name: v.name.trim(), template: t ? templateBody(t, v.slots) : { components: [] } };
      }),
    ],
    holdoutPercent: form.holdoutPercent,
    // The dry run draws with the seed the launch will use: its holdout is the launch's, exactly.
    ...(seed ? { seed } : {}),
    ...(form.winnerEnabled ? { winner: winnerBody(form) } : {}),
  };
}

/**
 * E1's body from the wizard's values: form (b) on the list by name, or the JSON form on a
 * segment or tags (`target`: the audience's own fields), with `abTest` when the A/B section is on
 * (`seed`: the draw's, one per opening of the wizard, so the dry run's holdout is the launch's).
 */
export function launchBody(
  form: WizardForm,
  template: WizardTemplate,
  timeZone: string,
  extra: { target?: WizardTarget; templates?: WizardTemplate[]; seed?: string } = {},
) {
  const scheduleTime = form.when === "later" ? zonedToIso(form.scheduleLocal, timeZone) : undefined;
  const promotionEndTime = form.endLocal ? zonedToIso(form.endLocal, timeZone) : undefined;
  const main = templateBody(template, form.slots);
  return {
    name: form.name.trim(),
    ...(extra.target ?? {}),
    channelType: form.channelType,
    phoneNumberId: form.phoneNumberId,
    promotionType: scheduleTime ? "SCHEDULED" : "IMMEDIATE",
    promotionBase: "TEMPLATE",
    template: main,
    ...(form.abEnabled ? { abTest: abTestBody(form, main, extra.templates ?? [template], extra.seed) } : {}),
    ...(scheduleTime ? { scheduleTime } : {}),
    ...(promotionEndTime ? { promotionEndTime } : {}),
    staggered: form.staggered,
    batchSize: form.staggered ? form.batchSize : 0,
    batchTimer: form.staggered ? form.batchTimer : 0,
    retryPromotion: form.retryPromotion,
    maxRetries: form.retryPromotion ? form.maxRetries : 0,
    stopOnCategoryUpdate: form.stopOnCategoryUpdate,
    trackClicks: form.trackClicks,
    attributionWindow: form.attributionDays * 24,
  };
}
