import { and, eq, inArray } from "drizzle-orm";
import { businessChannels, channelSenders } from "@/db/schema";
import { channelView } from "../businesses/channel-view";
import type { Channel } from "../businesses/schemas";
import type { Ctx } from "../context";
import { senderLabel, type SenderNames } from "./sender-label";

export type SenderView = SenderNames & { channel: Channel; label: string };

/**
 * The business's senders (chatapp phoneNumberIds, then the RCS agent) with the names people
 * know them by (channel_senders) and the label every picker shows (senderLabel).
 */
export async function listSenders(ctx: Ctx, businessId: string): Promise<SenderView[]> {
  const [channels, names] = await Promise.all([
    ctx.db.select().from(businessChannels).where(eq(businessChannels.businessId, businessId)),
    ctx.db.select().from(channelSenders).where(eq(channelSenders.businessId, businessId)),
  ]);
  const named = new Map(names.map((n) => [`${n.channel}|${n.sender}`, n]));
  const views = channels.map(channelView);
  const ids: Array<{ channel: Channel; sender: string }> = [
    ...views
      .filter((c) => c.channel === "chatapp")
      .flatMap((c) => c.phoneNumberIds.map((sender) => ({ channel: "chatapp" as const, sender }))),
    ...views
      .filter((c) => c.channel === "rcs" && c.agentId)
      .map((c) => ({ channel: "rcs" as const, sender: c.agentId! })),
  ];
  return ids.map(({ channel, sender }) => {
    const n = named.get(`${channel}|${sender}`);
    const names = {
      channel,
      sender,
      displayName: n?.displayName ?? null,
      displayNumber: n?.displayNumber ?? null,
    };
    return { ...names, label: senderLabel(names) };
  });
}

/** The stored names of some senders of one channel, keyed by sender id. */
export async function senderNamesOf(
  ctx: Ctx,
  businessId: string,
  channel: Channel,
  senders: string[],
): Promise<Map<string, { displayName: string | null; displayNumber: string | null }>> {
  if (senders.length === 0) return new Map();
  const rows = await ctx.db
    .select()
    .from(channelSenders)
    .where(
      and(
        eq(channelSenders.businessId, businessId),
        eq(channelSenders.channel, channel),
        inArray(channelSenders.sender, senders),
      ),
    );
  return new Map(rows.map((r) => [r.sender, { displayName: r.displayName, displayNumber: r.displayNumber }]));
}
