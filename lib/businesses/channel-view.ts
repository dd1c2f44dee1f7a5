import { chatappConfig, rcsConfig, type Channel, type ChannelView } from "./schemas";

/** Shapes a business_channels row for callers; unknown config keys are dropped. */
export function channelView(row: {
  channel: Channel;
  enabled: boolean;
  provider: string;
  config: unknown;
}): ChannelView {
  const chat = row.channel === "chatapp" ? chatappConfig.safeParse(row.config) : undefined;
  const rcs = row.channel === "rcs" ? rcsConfig.safeParse(row.config) : undefined;
  return {
    channel: row.channel,
    enabled: row.enabled,
    provider: row.provider,
    phoneNumberIds: chat?.success ? chat.data.phoneNumberIds : [],
    agentId: rcs?.success ? (rcs.data.agentId ?? null) : null,
  };
}
