import type { Ctx } from "../context";
import { asRouting } from "./system-actors";
import { rawQuery } from "../db/sql";
import type { ConversationRow } from "./conversation-row";
import { AgentPools } from "./pick-agent";
import { recordEvents } from "./record-event";
import { senderKey, type RoutingSettings } from "./routing-settings";

export type RoutingRequest = {
  conversation: ConversationRow;
  /** A returning customer: their last agent first, when Available and under the limit. */
  preferLastAgent?: boolean;
  /** The team to route to (a flow's handover), instead of the one routing names for the sender. */
  teamId?: string | null;
};

/**
 * Gives unassigned conversations of one business, in the order given, to the agents routing
 * picks (pick-agent.ts), each counted before the next is decided; one that nobody can take
 * stays unassigned, with the team that handles its sender, until assignWaiting runs. One read
 * of each pool's agents, one update and one event insert for the whole batch. The caller holds
 * the routing lock and the conversations' rows. Returns the rows after routing, in the order
 * given.
 */
export async function routeConversations(
  tx: Ctx,
  requests: RoutingRequest[],
  settings: RoutingSettings,
  /** publish false: the caller announces the conversations' changes itself. */
  opts: { publish?: boolean } = {},
): Promise<ConversationRow[]> {
  if (requests.length === 0) return [];
  const teamOf = (r: RoutingRequest) =>
    r.teamId !== undefined
      ? r.teamId
      : (settings.senderTeams[senderKey(r.conversation.channel, r.conversation.sender)] ?? null);
  const pools = await AgentPools.load(tx, {
    businessId: requests[0]!.conversation.business_id,
    openLimit: settings.openLimit,
    requests: requests.map((r) => ({
      teamId: teamOf(r),
      preferUserId: r.preferLastAgent ? r.conversation.last_agent_id : null,
    })),
  });
  const changes: Array<{ id: string; teamId: string | null; agent: string | null }> = [];
  for (const r of requests) {
    const { conversation: c, preferLastAgent } = r;
    const teamId = teamOf(r);
    const agent = pools.pick(teamId, preferLastAgent ? c.last_agent_id : null);
    if (agent || teamId !== c.team_id) changes.push({ id: c.id, teamId, agent });
  }
  if (changes.length === 0) return requests.map((r) => r.conversation);
  // `c.id = ANY(...)` beside the join: the rows are found by primary key whatever plan the
  // prepared statement settles on.
  const updated = await rawQuery<ConversationRow>(
    tx.db,
    `UPDATE conversations c SET team_id = v.team_id, assignee_id = v.agent,
       last_agent_id = coalesce(v.agent, c.last_agent_id),
       assigned_at = CASE WHEN v.agent IS NULL THEN c.assigned_at ELSE now() END, updated_at = now()
     FROM unnest($2::uuid[], $3::uuid[], $4::uuid[]) AS v(id, team_id, agent)
     WHERE c.business_id = $1 AND c.id = v.id AND c.id = ANY($2::uuid[]) RETURNING c.*`,
    [
      requests[0]!.conversation.business_id,
      changes.map((c) => c.id),
      changes.map((c) => c.teamId),
      changes.map((c) => c.agent),
    ],
  );
  const after = new Map(updated.map((row) => [row.id, row]));
  // Routing decided, whoever's action let it run (a customer's message, an agent going Available).
  await recordEvents(
    asRouting(tx),
    changes.flatMap((c) =>
      c.agent ? [{ after: after.get(c.id)!, event: { type: "assigned" as const, toUserId: c.agent } }] : [],
    ),
    { publish: opts.publish },
  );
  return requests.map((r) => after.get(r.conversation.id) ?? r.conversation);
}
