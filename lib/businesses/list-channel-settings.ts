import { asc, inArray } from "drizzle-orm";
import { businessChannels, channelSenders } from "@/db/schema";
import type { Ctx } from "../context";
import type { ChannelSettingsView } from "./channel-settings-schemas";
import { channelSettingsView } from "./channel-settings-view";

/** Channel settings of several businesses in one query (operator console), keyed by business id. */
export async function listChannelSettings(
  ctx: Ctx,
  businessIds: string[],
): Promise<Record<string, ChannelSettingsView[]>> {
  const out: Record<string, ChannelSettingsView[]> = {};
  for (const id of businessIds) out[id] = [];
  if (businessIds.length === 0) return out;
  const rows = await ctx.db
    .select()
    .from(businessChannels)
    .where(inArray(businessChannels.businessId, businessIds))
    .orderBy(asc(businessChannels.channel));
  const names = await ctx.db
    .select()
    .from(channelSenders)
    .where(inArray(channelSenders.businessId, businessIds))
    .orderBy(asc(channelSenders.sender));
  for (const r of rows)
    out[r.businessId]?.push(
      channelSettingsView(
        r,
        names.filter((n) => n.businessId === r.businessId && n.channel === r.channel),
      ),
    );
  return out;
}
