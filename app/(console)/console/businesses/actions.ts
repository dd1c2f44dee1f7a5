"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { requireAction } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { createBusiness } from "@/lib/businesses/create-business";
import { createFirstAdmin } from "@/lib/users/create-first-admin";
import { firstAdminInput, type FirstAdminCreated } from "@/lib/users/first-admin-schemas";
import { createBusinessInput, channels } from "@/lib/businesses/schemas";
import { setBusinessEnabled } from "@/lib/businesses/set-business-enabled";
import { setChannel } from "@/lib/businesses/set-channel";
import { callingSettingsForm, type CallingSettingsView } from "@/lib/calls/schemas";
import { updateCallingSettings } from "@/lib/calls/update-calling-settings";
import type { SenderRateView } from "@/lib/messages/dispatch/list-sender-rates";
import { setSenderRate } from "@/lib/messages/dispatch/sender-rate";
import { setSenderRateInput } from "@/lib/messages/dispatch/sender-rate-schemas";

// Operator-only actions of the console. Each checks the session itself: a server action is a
// public endpoint whatever page renders it.

export async function createBusinessAction(
  raw: unknown,
): Promise<ActionResult<{ id: string; name: string }>> {
  return runAction(async () => {
    const user = await requireAction("createBusinessAction");
    const b = await createBusiness(userCtx(user), createBusinessInput.parse(raw));
    revalidatePath("/console/businesses");
    return { id: b.id, name: b.name };
  }, raw);
}

const channelToggle = z.object({
  businessId: z.string().uuid(),
  channel: z.enum(channels),
  enabled: z.boolean(),
});

export async function setChannelAction(raw: unknown): Promise<ActionResult<null>> {
  return runAction(async () => {
    const user = await requireAction("setChannelAction");
    await setChannel(userCtx(user), channelToggle.parse(raw));
    revalidatePath("/console/businesses");
    return null;
  }, raw);
}

const businessToggle = z.object({ businessId: z.string().uuid(), enabled: z.boolean() });

export async function setBusinessEnabledAction(raw: unknown): Promise<ActionResult<null>> {
  return runAction(async () => {
    const user = await requireAction("setBusinessEnabledAction");
    await setBusinessEnabled(userCtx(user), businessToggle.parse(raw));
    revalidatePath("/console/businesses");
    return null;
  }, raw);
}

/** Provider, registered number and on/off of a business's outbound calling. */
export async function setCallingSettingsAction(raw: unknown): Promise<ActionResult<CallingSettingsView>> {
  return runAction(async () => {
    const user = await requireAction("setCallingSettingsAction");
    const saved = await updateCallingSettings(userCtx(user), callingSettingsForm.parse(raw));
    revalidatePath("/console/businesses");
    return saved;
  }, raw);
}

/** A sender's dispatch rate (messages/s), or null for the default: the tier the provider granted. */
export async function setSenderRateAction(raw: unknown): Promise<ActionResult<SenderRateView>> {
  return runAction(async () => {
    const user = await requireAction("setSenderRateAction");
    const saved = await setSenderRate(userCtx(user), setSenderRateInput.parse(raw));
    revalidatePath("/console/businesses");
    return saved;
  }, raw);
}

/** A business's first admin (temporary password) and API key, shown once in the console. */
export async function createFirstAdminAction(raw: unknown): Promise<ActionResult<FirstAdminCreated>> {
  return runAction(async () => {
    const user = await requireAction("createFirstAdminAction");
    const created = await createFirstAdmin(userCtx(user), firstAdminInput.parse(raw));
    revalidatePath("/console/businesses");
    return created;
  }, raw);
}
