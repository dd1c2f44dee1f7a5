"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { addTestNumber } from "@/lib/businesses/add-test-number";
import { removeTestNumber } from "@/lib/businesses/remove-test-number";
import { businessSettingsForm } from "@/lib/businesses/schemas";
import { setDefaultCountry } from "@/lib/businesses/set-default-country";
import { setMarketingOptIn } from "@/lib/audiences/consent/set-marketing-opt-in";
import { setTimeZone } from "@/lib/businesses/set-time-zone";
import { setAttributionModel } from "@/lib/economics/conversions/attribution-model";
import { attributionModel } from "@/lib/economics/conversions/attribution-models";

/** Business settings of the signed-in admin's own business (lib/auth/access.ts: admins only). */
export const saveBusinessSettingsAction = defineAction(
  { action: "saveBusinessSettingsAction", input: businessSettingsForm, revalidate: ["/settings"] },
  async (input, { ctx, businessId }) => {
    const country = await setDefaultCountry(ctx, { businessId, defaultCountry: input.defaultCountry });
    const zone = await setTimeZone(ctx, { businessId, timeZone: input.timeZone });
    return { ...country, ...zone };
  },
);

// Both pages that show the test numbers are refreshed after either change.
const TEST_NUMBER_PAGES = ["/settings", "/virtual-phone"];

/** Puts a number on the test numbers (Settings, or picked on the virtual phone). */
export const addTestNumberAction = defineAction(
  { action: "addTestNumberAction", input: z.string(), revalidate: TEST_NUMBER_PAGES },
  async (number, { ctx, businessId }) => ({ testNumbers: await addTestNumber(ctx, { businessId, number }) }),
);

/** Takes a number off the test numbers (Settings, after a confirmation). */
export const removeTestNumberAction = defineAction(
  { action: "removeTestNumberAction", input: z.string(), revalidate: TEST_NUMBER_PAGES },
  async (number, { ctx, businessId }) => ({
    testNumbers: await removeTestNumber(ctx, { businessId, number }),
  }),
);

/** Turns "require a marketing opt-in" on or off for the admin's own business. */
export const setMarketingOptInAction = defineAction(
  { action: "setMarketingOptInAction", input: z.boolean(), revalidate: ["/settings"] },
  async (required, { ctx, businessId }) => setMarketingOptIn(ctx, { businessId, required }),
);

/** Sets how the admin's own business attributes conversions (last touch or last click). */
export const setAttributionModelAction = defineAction(
  {
    action: "setAttributionModelAction",
    input: z.object({ model: attributionModel }),
    revalidate: ["/settings"],
  },
  async ({ model }, { ctx, businessId }) => setAttributionModel(ctx, { businessId, model }),
);
