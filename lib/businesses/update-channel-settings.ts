import { recordAudit } from "../audit/record-audit";
import { secretKeys } from "../channels/channel-secrets";
import { inTransaction, type Ctx } from "../context";
import { eq } from "drizzle-orm";
import { channelSenders } from "@/db/schema";
import { saveSenderNames } from "../senders/save-sender-names";
import {
  channelSettingsForm,
  senderNameLines,
  splitIds,
  type ChannelSettingsForm,
  type ChannelSettingsView,
} from "./channel-settings-schemas";
import { channelSettingsView } from "./channel-settings-view";
import { assertChannelProvider, updateChannelRow } from "./channel-row";
import { channelView } from "./channel-view";

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
  assertChannelProvider(input.channel, input.provider);
  const keys: readonly string[] = secretKeys[input.channel];
  return inTransaction(ctx, async (tx) => {
    const replaced: string[] = [];
    const cleared: string[] = [];
    const row = await updateChannelRow(tx, input.businessId, input.channel, (current) => {
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
      return { provider: input.provider ?? current.provider, config };
    });
    const view = channelView(row);
    const senders = input.channel === "chatapp" ? view.phoneNumberIds : view.agentId ? [view.agentId] : [];
    if (input.senderNames !== undefined) {
      const lines = senderNameLines(input.senderNames).flatMap((l) => (l.ok ? [l] : []));
      await saveSenderNames(tx, input.businessId, input.channel, lines, senders);
    } else {
      // Names of the senders kept stay; those of removed senders go with them.
      const kept = await tx.db
        .select()
        .from(channelSenders)
        .where(eq(channelSenders.businessId, input.businessId));
      await saveSenderNames(
        tx,
        input.businessId,
        input.channel,
        kept.filter((k) => k.channel === input.channel),
        senders,
      );
    }
    const names = (
      await tx.db.select().from(channelSenders).where(eq(channelSenders.businessId, input.businessId))
    )
      .filter((n) => n.channel === input.channel)
      .sort((a, b) => a.sender.localeCompare(b.sender));
    await recordAudit(tx, {
      businessId: input.businessId,
      action: "channel.settings",
      targetType: "business_channel",
      targetId: input.channel,
      data: { provider: row.provider, secretsReplaced: replaced, secretsCleared: cleared },
    });
    return channelSettingsView(row, names);
  });
}
