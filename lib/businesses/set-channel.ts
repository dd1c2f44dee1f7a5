import { and, eq, sql } from "drizzle-orm";
import { businessChannels } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import { sealConfigSecrets } from "../channels/channel-secrets";
import { inTransaction, type Ctx } from "../context";
import { invalid, notFound } from "../errors";
import { channelView } from "./channel-view";
import { providersByChannel, setChannelInput, type ChannelView, type SetChannelInput } from "./schemas";

/** Enables or disables a channel of a business, optionally switching provider or senders. */
export async function setChannel(ctx: Ctx, raw: SetChannelInput): Promise<ChannelView> {
  const input = setChannelInput.parse(raw);
  const allowed: readonly string[] = providersByChannel[input.channel];
  if (input.provider && !allowed.includes(input.provider)) {
    throw invalid(`Provider must be one of ${allowed.join(", ")} for ${input.channel}`, [
      { path: "provider", message: `Unknown provider for ${input.channel}` },
    ]);
  }
  return inTransaction(ctx, async (tx) => {
    const where = and(
      eq(businessChannels.businessId, input.businessId),
      eq(businessChannels.channel, input.channel),
    );
    const [current] = await tx.db.select().from(businessChannels).where(where).for("update");
    if (!current) throw notFound("Business");
    const config = { ...(current.config as Record<string, unknown>) };
    if (input.phoneNumberIds && input.channel === "chatapp") config.phoneNumberIds = input.phoneNumberIds;
    if (input.agentId && input.channel === "rcs") config.agentId = input.agentId;
    const [row] = await tx.db
      .update(businessChannels)
      .set({
        enabled: input.enabled,
        provider: input.provider ?? current.provider,
        // Secrets are not set here (updateChannelSettings), but legacy plaintext ones get sealed.
        config: sealConfigSecrets(config, input.channel),
        updatedAt: sql`now()`,
      })
      .where(where)
      .returning();
    await recordAudit(tx, {
      businessId: input.businessId,
      action: input.enabled ? "channel.enable" : "channel.disable",
      targetType: "business_channel",
      targetId: input.channel,
      data: { provider: row!.provider },
    });
    return channelView(row!);
  });
}
