import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";

export type RoutingSettings = {
  /** Most open or pending conversations one agent holds; routing never goes beyond it. */
  openLimit: number;
  /** `channel:sender` -> team id; a sender not listed is handled by all agents. */
  senderTeams: Record<string, string>;
};

export const DEFAULT_OPEN_LIMIT = 20;

export const senderKey = (channel: string, sender: string) => `${channel}:${sender}`;

export async function getRoutingSettings(ctx: Ctx, businessId: string): Promise<RoutingSettings> {
  const [row] = await rawQuery<{ open_limit: number; sender_teams: Record<string, string> }>(
    ctx.db,
    `SELECT open_limit, sender_teams FROM conversation_settings WHERE business_id = $1`,
    [businessId],
  );
  return { openLimit: row?.open_limit ?? DEFAULT_OPEN_LIMIT, senderTeams: row?.sender_teams ?? {} };
}
