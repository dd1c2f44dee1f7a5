import { and, eq, sql } from "drizzle-orm";
import { businessChannels } from "@/db/schema";
import { sealConfigSecrets } from "../channels/channel-secrets";
import type { Ctx } from "../context";
import { invalid, notFound } from "../errors";
import { providersByChannel, type Channel } from "./schemas";

type ChannelRow = typeof businessChannels.$inferSelect;

/** A 400 unless `provider` (when given) serves `channel`. */
export function assertChannelProvider(channel: Channel, provider: string | undefined): void {
  const allowed: readonly string[] = providersByChannel[channel];
  if (provider && !allowed.includes(provider)) {
    throw invalid(`Provider must be one of ${allowed.join(", ")} for ${channel}`, [
      { path: "provider", message: `Unknown provider for ${channel}` },
    ]);
  }
}

/**
 * Changes a business's channel row inside the caller's transaction: locks it (404 when the
 * business has none), lets `change` compute the new values from the current row, and writes
 * them with every secret of the config sealed (a legacy plaintext one included).
 */
export async function updateChannelRow(
  tx: Ctx,
  businessId: string,
  channel: Channel,
  change: (current: ChannelRow) => { enabled?: boolean; provider: string; config: Record<string, unknown> },
): Promise<ChannelRow> {
  const where = and(eq(businessChannels.businessId, businessId), eq(businessChannels.channel, channel));
  const [current] = await tx.db.select().from(businessChannels).where(where).for("update");
  if (!current) throw notFound("Business");
  const next = change(current);
  const [row] = await tx.db
    .update(businessChannels)
    .set({ ...next, config: sealConfigSecrets(next.config, channel), updatedAt: sql`now()` })
    .where(where)
    .returning();
  return row!;
}
