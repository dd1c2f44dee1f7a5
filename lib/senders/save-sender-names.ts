import { and, eq, notInArray, sql } from "drizzle-orm";
import { channelSenders } from "@/db/schema";
import type { Channel } from "../businesses/schemas";
import type { Ctx } from "../context";

export type SenderNameRow = { sender: string; displayName: string | null; displayNumber: string | null };

/**
 * Replaces the names of one channel's senders inside the caller's transaction: a row per
 * sender given (upserted), and the rows of senders no longer on the channel removed, so a
 * name never outlives its sender. `keep` is the channel's sender ids after the save.
 */
export async function saveSenderNames(
  tx: Ctx,
  businessId: string,
  channel: Channel,
  rows: SenderNameRow[],
  keep: string[],
): Promise<void> {
  const mine = and(eq(channelSenders.businessId, businessId), eq(channelSenders.channel, channel));
  await tx.db
    .delete(channelSenders)
    .where(keep.length ? and(mine, notInArray(channelSenders.sender, keep)) : mine);
  const wanted = rows.filter((r) => keep.includes(r.sender));
  if (wanted.length === 0) return;
  await tx.db
    .insert(channelSenders)
    .values(wanted.map((r) => ({ businessId, channel, ...r })))
    .onConflictDoUpdate({
      target: [channelSenders.businessId, channelSenders.channel, channelSenders.sender],
      set: {
        displayName: sql`excluded.display_name`,
        displayNumber: sql`excluded.display_number`,
        updatedAt: sql`now()`,
      },
    });
}
