import { and, eq } from "drizzle-orm";
import { businessChannels } from "@/db/schema/index";
import { channelView } from "../../businesses/channel-view";
import type { Channel } from "../../businesses/schemas";
import type { Ctx } from "../../context";
import { AppError } from "../../errors";
import { ttlCache } from "../../cache/ttl-cache";

export type SenderChannel = {
  channel: Channel;
  enabled: boolean;
  provider: string;
  /** business_channels.config as stored (provider credentials included). */
  config: Record<string, unknown>;
  phoneNumberIds: string[];
  agentId: string | null;
};

const cache = ttlCache<SenderChannel | null>();

/** The business's channel row (cached briefly for the hot send path), or null. */
export async function loadChannel(
  ctx: Ctx,
  businessId: string,
  channel: Channel,
): Promise<SenderChannel | null> {
  return cache.get(`${businessId}:${channel}`, async () => {
    const [row] = await ctx.db
      .select()
      .from(businessChannels)
      .where(and(eq(businessChannels.businessId, businessId), eq(businessChannels.channel, channel)));
    if (!row) return null;
    const view = channelView(row);
    return { ...view, config: (row.config ?? {}) as Record<string, unknown> };
  });
}

const bad = (path: string, message: string) => new AppError("invalid_request", message, [{ path, message }]);

/**
 * The channel a send goes out on, checked: enabled for the business (the operator's switch)
 * and, for chatapp, `phoneNumberId` one of the business's senders. Returns the sender id
 * (phoneNumberId or RCS agent id).
 */
export async function requireSender(
  ctx: Ctx,
  businessId: string,
  channel: Channel,
  phoneNumberId?: string,
): Promise<{ settings: SenderChannel; sender: string }> {
  const settings = await loadChannel(ctx, businessId, channel);
  if (!settings || !settings.enabled) {
    throw bad(
      "channel",
      `The ${channel} channel is not enabled for this business; ask the operator to enable it`,
    );
  }
  if (channel === "chatapp") {
    if (!phoneNumberId || !settings.phoneNumberIds.includes(phoneNumberId)) {
      throw bad("phoneNumberId", `phoneNumberId '${phoneNumberId ?? ""}' is not a sender of this business`);
    }
    return { settings, sender: phoneNumberId };
  }
  if (!settings.agentId) throw bad("channel", "The RCS channel of this business has no agent id configured");
  return { settings, sender: settings.agentId };
}
