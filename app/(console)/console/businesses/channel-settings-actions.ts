"use server";

import { defineAction } from "@/lib/actions/define-action";
import { channelSettingsForm } from "@/lib/businesses/channel-settings-schemas";
import { updateChannelSettings } from "@/lib/businesses/update-channel-settings";

/**
 * A channel's provider, senders, Meta ids and write-only secrets (operator only). Answers the
 * view: secrets as configured or not, never their values.
 */
export const updateChannelSettingsAction = defineAction(
  { action: "updateChannelSettingsAction", input: channelSettingsForm, revalidate: ["/console/businesses"] },
  async (input, { ctx }) => updateChannelSettings(ctx, input),
);
