import type { Ctx } from "../context";
import { asRouting } from "./system-actors";
import { rawQuery } from "../db/sql";
import type { ConversationRow } from "./conversation-row";
import { pickAgent } from "./pick-agent";
import { recordEvent } from "./record-event";
import { senderKey, type RoutingSettings } from "./routing-settings";

/**
 * Gives an unassigned conversation to the agent routing picks (pick-agent.ts), its last agent
 * first when `preferLastAgent` (a returning customer). With nobody available it stays
 * unassigned, with the team that handles its sender, until assignWaiting runs. The caller
 * holds the routing lock and the conversation's row.
 */
export async function routeConversation(
  tx: Ctx,
  conv: ConversationRow,
  settings: RoutingSettings,
  /** publish false: the caller announces the conversation's change itself (recordEvent). */
  opts: { preferLastAgent?: boolean; publish?: boolean } = {},
): Promise<ConversationRow> {
  const teamId = settings.senderTeams[senderKey(conv.channel, conv.sender)] ?? null;
  const agent = await pickAgent(tx, {
    businessId: conv.business_id,
    teamId,
    openLimit: settings.openLimit,
    preferUserId: opts.preferLastAgent ? conv.last_agent_id : null,
  });
  if (!agent && teamId === conv.team_id) return conv;
  const [after] = await rawQuery<ConversationRow>(
    tx.db,
    `UPDATE conversations SET team_id = $3, assignee_id = $4,
       last_agent_id = coalesce($4, last_agent_id),
       assigned_at = CASE WHEN $4::uuid IS NULL THEN assigned_at ELSE now() END, updated_at = now()
     WHERE business_id = $1 AND id = $2 RETURNING *`,
    [conv.business_id, conv.id, teamId, agent],
  );
  // Routing decided, whoever's action let it run (a customer's message, an agent going Available).
  if (agent)
    await recordEvent(
      asRouting(tx),
      after!,
      { type: "assigned", toUserId: agent },
      { publish: opts.publish },
    );
  return after!;
}
