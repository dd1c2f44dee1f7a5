import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";

export type RecentRecipient = {
  recipient: string;
  messages: number;
  lastAt: Date;
  channels: Array<"chatapp" | "rcs">;
};

/**
 * The numbers the business sent to most recently through the simulator: the virtual phone's
 * quick picks. Looks at the latest `scan` messages only (index on business_id, id), so it
 * stays cheap however many messages the business has.
 */
export async function listRecentRecipients(
  ctx: Ctx,
  businessId: string,
  opts: { limit?: number; scan?: number } = {},
): Promise<RecentRecipient[]> {
  const rows = await rawQuery<{ recipient: string; messages: number; last_at: Date; channels: string[] }>(
    ctx.db,
    `SELECT recipient, count(*)::int AS messages, max(created_at) AS last_at,
            array_agg(DISTINCT channel) AS channels
     FROM (SELECT recipient, created_at, channel FROM messages
           WHERE business_id = $1 AND provider = 'simulator' ORDER BY id DESC LIMIT $2) recent
     GROUP BY recipient ORDER BY max(created_at) DESC LIMIT $3`,
    [businessId, opts.scan ?? 2000, opts.limit ?? 12],
  );
  return rows.map((r) => ({
    recipient: r.recipient,
    messages: r.messages,
    lastAt: r.last_at,
    channels: r.channels as RecentRecipient["channels"],
  }));
}
