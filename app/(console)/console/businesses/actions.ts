"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { createBusiness } from "@/lib/businesses/create-business";
import { createFirstAdmin } from "@/lib/users/create-first-admin";
import { firstAdminInput } from "@/lib/users/first-admin-schemas";
import { createBusinessInput, channels } from "@/lib/businesses/schemas";
import { setBusinessEnabled } from "@/lib/businesses/set-business-enabled";
import { setChannel } from "@/lib/businesses/set-channel";
import { callingSettingsForm } from "@/lib/calls/schemas";
import { updateCallingSettings } from "@/lib/calls/update-calling-settings";
import { setSenderRate } from "@/lib/messages/dispatch/sender-rate";
import { setSenderRateInput } from "@/lib/messages/dispatch/sender-rate-schemas";

// Operator-only actions of the console. Each checks the session itself (defineAction): a
// server action is a public endpoint whatever page renders it.

const PAGE = ["/console/businesses"];

export const createBusinessAction = defineAction(
  { action: "createBusinessAction", input: createBusinessInput, revalidate: PAGE },
  async (input, { ctx }) => {
    const b = await createBusiness(ctx, input);
    return { id: b.id, name: b.name };
  },
);

const channelToggle = z.object({
  businessId: z.string().uuid(),
  channel: z.enum(channels),
  enabled: z.boolean(),
});

export const setChannelAction = defineAction(
  { action: "setChannelAction", input: channelToggle, revalidate: PAGE },
  async (input, { ctx }) => {
    await setChannel(ctx, input);
    return null;
  },
);

const businessToggle = z.object({ businessId: z.string().uuid(), enabled: z.boolean() });

export const setBusinessEnabledAction = defineAction(
  { action: "setBusinessEnabledAction", input: businessToggle, revalidate: PAGE },
  async (input, { ctx }) => {
    await setBusinessEnabled(ctx, input);
    return null;
  },
);

/** Provider, registered number and on/off of a business's outbound calling. */
export const setCallingSettingsAction = defineAction(
  { action: "setCallingSettingsAction", input: callingSettingsForm, revalidate: PAGE },
  async (input, { ctx }) => updateCallingSettings(ctx, input),
);

/** A sender's dispatch rate (messages/s), or null for the default: the tier the provider granted. */
export const setSenderRateAction = defineAction(
  { action: "setSenderRateAction", input: setSenderRateInput, revalidate: PAGE },
  async (input, { ctx }) => setSenderRate(ctx, input),
);

/** A business's first admin (temporary password) and API key, shown once in the console. */
export const createFirstAdminAction = defineAction(
  { action: "createFirstAdminAction", input: firstAdminInput, revalidate: PAGE },
  async (input, { ctx }) => createFirstAdmin(ctx, input),
);
