import type { Ctx } from "../../context";
import { publishChange, type ConversationChange } from "../../conversations/publish-change";
import { routeConversations } from "../../conversations/route-conversation";
import { getRoutingSettings } from "../../conversations/routing-settings";
import type { ConversationRow } from "../../conversations/conversation-row";
import type { Settled } from "./settle-run";

/**
 * A run's step outside a customer's message (a wake, a request's result, a start through the
 * API) settled: a handover or a failure is routed here (to the team it names), and the inbox is
 * told of the conversation (or, given `changes`, the change is added there for the caller to
 * announce with the batch's: publishChanges). The caller holds the routing lock. The
 * conversation after.
 */
export async function routeSettled(
  tx: Ctx,
  settled: Settled,
  changes?: ConversationChange[],
): Promise<ConversationRow> {
  let row = settled.row;
  if (settled.route) {
    const [routed] = await routeConversations(
      tx,
      [{ conversation: row, preferLastAgent: true, teamId: settled.route.teamId ?? undefined }],
      await getRoutingSettings(tx, row.business_id),
      { publish: false },
    );
    row = routed ?? row;
  }
  const change: ConversationChange = {
    businessId: row.business_id,
    conversationId: row.id,
    kind: "message",
    assigneeId: row.assignee_id,
    teamId: row.team_id,
  };
  if (changes) changes.push(change);
  else await publishChange(tx, change);
  return row;
}
