import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { channelView } from "./channel-view";
import { assertChannelProvider, updateChannelRow } from "./channel-row";
import { setChannelInput, type ChannelView, type SetChannelInput } from "./schemas";

/** Enables or disables a channel of a business, optionally switching provider or senders. */
export async function setChannel(ctx: Ctx, raw: SetChannelInput): Promise<ChannelView> {
  const input = setChannelInput.parse(raw);
  assertChannelProvider(input.channel, input.provider);
  return inTransaction(ctx, async (tx) => {
    const row = await updateChannelRow(tx, input.businessId, input.channel, (current) => {
      const config = { ...(current.config as Record<string, unknown>) };
      if (input.phoneNumberIds && input.channel === "chatapp") config.phoneNumberIds = input.phoneNumberIds;
      if (input.agentId && input.channel === "rcs") config.agentId = input.agentId;
      // Secrets are not set here (updateChannelSettings); updateChannelRow seals legacy ones.
      return { enabled: input.enabled, provider: input.provider ?? current.provider, config };
    });
    await recordAudit(tx, {
      businessId: input.businessId,
      action: input.enabled ? "channel.enable" : "channel.disable",
      targetType: "business_channel",
      targetId: input.channel,
      data: { provider: row.provider },
    });
    return channelView(row);
  });
}
