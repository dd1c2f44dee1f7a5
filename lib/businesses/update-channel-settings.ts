import { and, eq, sql } from "drizzle-orm";
import { businessChannels } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import { sealConfigSecrets, secretKeys } from "../channels/channel-secrets";
import { inTransaction, type Ctx } from "../context";
import { invalid, notFound } from "../errors";
import {
  channelSettingsForm,
  splitIds,
  type ChannelSettingsForm,
  type ChannelSettingsView,
} from "./channel-settings-schemas";
import { channelSettingsView } from "./channel-settings-view";
import { providersByChannel } from "./schemas";

/**
 * The console's save of a channel's settings (the admin CLI's channel:configure too): the
 * provider, senders or agent id, Meta ids, and the secrets. Secrets are write-only: a blank
 * one keeps the stored value, a typed one replaces it, `clear` removes it; every secret in
 * the saved config is sealed (lib/channels/channel-secrets.ts), which also seals a legacy
 * plaintext value left from before. The enabled switch is not touched (setChannel). The audit
 * log names the secrets changed, never their values.
 */
export async function updateChannelSettings(
  ctx: Ctx,
  raw: ChannelSettingsForm,
): Promise<ChannelSettingsView> {
  const input = channelSettingsForm.parse(raw);
  const allowed: readonly string[] = providersByChannel[input.channel];
  if (input.provider && !allowed.includes(input.provider)) {
    throw invalid(`Provider must be one of ${allowed.join(", ")} for ${input.channel}`, [
      { path: "provider", message: `Unknown provider for ${input.channel}` },
    ]);
  }
  const keys: readonly string[] = secretKeys[input.channel];
  return inTransaction(ctx, async (tx) => {
    const where = and(
      eq(businessChannels.businessId, input.businessId),
      eq(businessChannels.channel, input.channel),
    );
    const [current] = await tx.db.select().from(businessChannels).where(where).for("update");
    if (!current) throw notFound("Business");
    const config: Record<string, unknown> = { ...(current.config as Record<string, unknown>) };
    const setOrDrop = (key: string, value: string | undefined) => {
      if (value === undefined) return;
      if (value) config[key] = value;
      else delete config[key];
    };
    if (input.channel === "chatapp") {
      if (input.phoneNumberIds !== undefined) config.phoneNumberIds = splitIds(input.phoneNumberIds);
      setOrDrop("wabaId", input.wabaId);
      setOrDrop("appId", input.appId);
    } else {
      setOrDrop("agentId", input.agentId);
    }
    const replaced: string[] = [];
    const cleared: string[] = [];
    for (const key of keys) {
      const typed = input[key as keyof typeof input];
      if (typeof typed === "string" && typed) {
        config[key] = typed;
        replaced.push(key);
      } else if ((input.clear as string[]).includes(key) && key in config) {
        delete config[key];
        cleared.push(key);
      }
    }
    const [row] = await tx.db
      .update(businessChannels)
      .set({
        provider: input.provider,
        config: sealConfigSecrets(config, input.channel),
        updatedAt: sql`now()`,
      })
      .where(where)
      .returning();
    await recordAudit(tx, {
      businessId: input.businessId,
      action: "channel.settings",
      targetType: "business_channel",
      targetId: input.channel,
      data: { provider: row!.provider, secretsReplaced: replaced, secretsCleared: cleared },
    });
    return channelSettingsView(row!);
  });
}
