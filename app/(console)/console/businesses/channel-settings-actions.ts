"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { requireAction } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { channelSettingsForm, type ChannelSettingsView } from "@/lib/businesses/channel-settings-schemas";
import { updateChannelSettings } from "@/lib/businesses/update-channel-settings";

/**
 * A channel's provider, senders, Meta ids and write-only secrets (operator only). Answers the
 * view: secrets as configured or not, never their values.
 */
export async function updateChannelSettingsAction(raw: unknown): Promise<ActionResult<ChannelSettingsView>> {
  return runAction(async () => {
    const user = await requireAction("updateChannelSettingsAction");
    const saved = await updateChannelSettings(userCtx(user), channelSettingsForm.parse(raw));
    revalidatePath("/console/businesses");
    return saved;
  }, raw);
}
