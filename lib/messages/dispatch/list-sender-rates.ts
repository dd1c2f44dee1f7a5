import { eq, inArray } from "drizzle-orm";
import { businessChannels, channelSenders, senderRateLimits } from "@/db/schema/index";
import { getBusiness } from "../../businesses/list-businesses";
import { channelView } from "../../businesses/channel-view";
import type { Channel, ChannelView } from "../../businesses/schemas";
import type { Ctx } from "../../context";
import { senderLabel } from "../../senders/sender-label";
import { messagesConfig } from "./config";

/** One sender of a business and the rate the dispatcher uses for it. */
export type SenderRateView = {
  /** A chatapp phoneNumberId or the RCS agent id. */
  sender: string;
  /** The channel it belongs to; null for a stored limit whose id is no longer on the business's channels. */
  channel: Channel | null;
  /** Messages per second in effect (its own limit, else MESSAGES_SENDER_RATE). */
  perSecond: number;
  /** true when no limit of its own is stored. */
  isDefault: boolean;
  /** How people know it: "Name (+91 98765 43210)", the raw id only when nothing is stored. */
  label: string;
};

/** A SenderRateView as the API answers it (its contract predates the label: ids and rates). */
export function apiSenderRate({ label: _label, ...rate }: SenderRateView): Omit<SenderRateView, "label"> {
  return rate;
}

type StoredNames = {
  channel: Channel;
  sender: string;
  displayName: string | null;
  displayNumber: string | null;
};

type StoredLimit = { channel: Channel; sender: string; perSecond: number };
const idOf = (s: { channel: Channel; sender: string }) => `${s.channel}|${s.sender}`;

/**
 * The senders of a business's channels: the chatapp phoneNumberIds, then the RCS agent. A
 * number and the agent with the same id are two senders, each with its own limit.
 */
export function sendersOf(channels: ChannelView[]): { sender: string; channel: Channel }[] {
  const out: { sender: string; channel: Channel }[] = [];
  const seen = new Set<string>();
  const add = (sender: string, channel: Channel) => {
    if (seen.has(idOf({ channel, sender }))) return;
    seen.add(idOf({ channel, sender }));
    out.push({ sender, channel });
  };
  for (const ch of channels.filter((c) => c.channel === "chatapp"))
    ch.phoneNumberIds.forEach((id) => add(id, "chatapp"));
  for (const ch of channels.filter((c) => c.channel === "rcs")) if (ch.agentId) add(ch.agentId, "rcs");
  return out;
}

function toViews(channels: ChannelView[], limits: StoredLimit[], names: StoredNames[]): SenderRateView[] {
  const fallback = messagesConfig().MESSAGES_SENDER_RATE;
  const own = new Map(limits.map((l) => [idOf(l), l.perSecond]));
  const named = new Map(names.map((n) => [idOf(n), n]));
  const label = (channel: Channel, sender: string) => {
    const n = named.get(idOf({ channel, sender }));
    return senderLabel({
      channel,
      sender,
      displayName: n?.displayName ?? null,
      displayNumber: n?.displayNumber ?? null,
    });
  };
  const known = sendersOf(channels);
  const views: SenderRateView[] = known.map(({ sender, channel }) => {
    const perSecond = own.get(idOf({ channel, sender }));
    return {
      sender,
      channel,
      perSecond: perSecond ?? fallback,
      isDefault: perSecond === undefined,
      label: label(channel, sender),
    };
  });
  const knownIds = new Set(known.map(idOf));
  const stale = limits
    .filter((l) => !knownIds.has(idOf(l)))
    .sort((a, b) => a.sender.localeCompare(b.sender))
    .map((l) => ({
      sender: l.sender,
      channel: null,
      perSecond: l.perSecond,
      isDefault: false,
      label: label(l.channel, l.sender),
    }));
  return [...views, ...stale];
}

/**
 * Every sender of the business (its chatapp phoneNumberIds and RCS agent, plus any stored limit
 * for an id it no longer has) with its effective rate. Read from the database, not the
 * dispatcher's cache: a change shows here at once and reaches other processes' dispatchers
 * within MESSAGES_CACHE_MS (docs/messaging.md).
 */
export async function listSenderRates(ctx: Ctx, businessId: string): Promise<SenderRateView[]> {
  const business = await getBusiness(ctx, businessId);
  const limits = await ctx.db
    .select({
      channel: senderRateLimits.channel,
      sender: senderRateLimits.sender,
      perSecond: senderRateLimits.perSecond,
    })
    .from(senderRateLimits)
    .where(eq(senderRateLimits.businessId, businessId));
  const names = await ctx.db.select().from(channelSenders).where(eq(channelSenders.businessId, businessId));
  return toViews(business.channels, limits, names);
}

/** listSenderRates for several businesses in two queries (operator console), keyed by business id. */
export async function listSenderRatesOf(
  ctx: Ctx,
  businessIds: string[],
): Promise<Record<string, SenderRateView[]>> {
  if (businessIds.length === 0) return {};
  const chans = await ctx.db
    .select()
    .from(businessChannels)
    .where(inArray(businessChannels.businessId, businessIds));
  const limits = await ctx.db
    .select()
    .from(senderRateLimits)
    .where(inArray(senderRateLimits.businessId, businessIds));
  const names = await ctx.db
    .select()
    .from(channelSenders)
    .where(inArray(channelSenders.businessId, businessIds));
  const out: Record<string, SenderRateView[]> = {};
  for (const id of businessIds) {
    out[id] = toViews(
      chans.filter((c) => c.businessId === id).map(channelView),
      limits.filter((l) => l.businessId === id),
      names.filter((n) => n.businessId === id),
    );
  }
  return out;
}
