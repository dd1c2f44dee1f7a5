import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";

export type PickAgentInput = {
  businessId: string;
  /** The team handling the sender; null: every agent (role AGENT) of the business. */
  teamId: string | null;
  openLimit: number;
  /** A returning customer's last agent: chosen first when Available and under the limit. */
  preferUserId?: string | null;
};

/**
 * The agent a conversation goes to: Available (never Busy, InCall, Away or Disabled), enabled,
 * under the open limit; the preferred agent if it qualifies, otherwise the one with the fewest
 * open conversations, ties to the one whose last assignment is oldest (never assigned first).
 * Call it holding the routing lock (routing-lock.ts) so the counts cannot change underneath.
 */
export async function pickAgent(tx: Ctx, input: PickAgentInput): Promise<string | null> {
  // agent_loads holds each agent's open count and last assignment (a trigger on conversations
  // keeps it): one row per agent, however many conversations they hold.
  const rows = await rawQuery<{ id: string }>(
    tx.db,
    `SELECT u.id
     FROM users u
     LEFT JOIN agent_loads l ON l.user_id = u.id
     WHERE u.business_id = $1 AND u.enabled AND u.status = 'Available'
       AND coalesce(l.open, 0) < $3
       AND (($2::uuid IS NULL AND u.role = 'AGENT')
         OR u.id IN (SELECT m.user_id FROM team_members m WHERE m.business_id = $1 AND m.team_id = $2))
     ORDER BY (u.id = $4::uuid) DESC NULLS LAST, coalesce(l.open, 0), l.last_assigned_at NULLS FIRST, u.id
     LIMIT 1`,
    [input.businessId, input.teamId, input.openLimit, input.preferUserId ?? null],
  );
  return rows[0]?.id ?? null;
}
