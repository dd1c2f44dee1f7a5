import { buildComponents, slotsOf, type WizardTemplate } from "@/lib/promotions/wizard/template-slots";
import { zonedToIso } from "@/lib/promotions/wizard/zoned-time";
import { slotValues } from "./slot-values";
import type { WizardForm } from "./wizard-form";

/** E1's body (form (b): on the list by name) from the wizard's values. */
export function launchBody(form: WizardForm, template: WizardTemplate, timeZone: string) {
  const scheduleTime = form.when === "later" ? zonedToIso(form.scheduleLocal, timeZone) : undefined;
  const promotionEndTime = form.endLocal ? zonedToIso(form.endLocal, timeZone) : undefined;
  return {
    name: form.name.trim(),
    channelType: form.channelType,
    phoneNumberId: form.phoneNumberId,
    promotionType: scheduleTime ? "SCHEDULED" : "IMMEDIATE",
    promotionBase: "TEMPLATE",
    template: {
      ...(template.channel === "rcs" ? { id: template.id } : {}),
      name: template.name,
      language: template.language,
      components: buildComponents(template, slotValues(slotsOf(template), form.slots)),
    },
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
