import { hasPlaintextSecrets, secretStatus } from "../channels/channel-secrets";
import { businessWebhookUrl } from "../channels/webhook-urls";
import type { ChannelSettingsView } from "./channel-settings-schemas";
import { channelView } from "./channel-view";
import type { Channel } from "./schemas";

type Names = Array<{ sender: string; displayName: string | null; displayNumber: string | null }>;

/** The stored names as the console's field shows them: `id, name, +number` per line. */
export function senderNamesText(names: Names): string {
  return names
    .map((n) =>
      [n.sender, n.displayName ?? "", n.displayNumber ? `+${n.displayNumber}` : ""]
        .join(", ")
        .replace(/(, )+$/, ""),
    )
    .join("\n");
}

const text = (v: unknown) => (typeof v === "string" ? v : "");

/** A business_channels row as the console's channel settings show it: secrets as set / not set. */
export function channelSettingsView(
  row: {
    businessId: string;
    channel: Channel;
    enabled: boolean;
    provider: string;
    config: unknown;
  },
  names: Names = [],
): ChannelSettingsView {
  const config = (row.config ?? {}) as Record<string, unknown>;
  const view = channelView(row);
  return {
    channel: row.channel,
    enabled: row.enabled,
    provider: row.provider,
    phoneNumberIds: view.phoneNumberIds,
    agentId: view.agentId ?? "",
    senderNames: senderNamesText(names),
    wabaId: row.channel === "chatapp" ? text(config.wabaId) : "",
    appId: row.channel === "chatapp" ? text(config.appId) : "",
    secrets: secretStatus(config, row.channel),
    legacyPlaintext: hasPlaintextSecrets(config, row.channel),
    webhookUrl: businessWebhookUrl(row.businessId, row.channel),
  };
}
