import type { ConversationEventPayload } from "../callbacks/schemas";
import { enqueueCallbacks } from "../callbacks/enqueue-callbacks";
import type { Actor, Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { uuidv7 } from "../ids";
import type { ConversationRow } from "./conversation-row";
import { publishChange } from "./publish-change";

export type ConversationEventType =
  "opened" | "assigned" | "transferred" | "unassigned" | "resolved" | "reopened" | "pending";

const callbackOf = {
  opened: "conversation.opened",
  reopened: "conversation.opened",
  assigned: "conversation.assigned",
  transferred: "conversation.assigned",
  resolved: "conversation.resolved",
} as const;

export const actorRef = (actor: Actor) => ({ type: actor.type, id: actor.id });

/**
 * Records what happened to a conversation (row `after` is its state after the event) with who
 * did it, raises the opt-in callback that matches and tells the live streams, all on the
 * caller's transaction.
 */
export async function recordEvent(
  tx: Ctx,
  after: ConversationRow,
  event: { type: ConversationEventType; fromUserId?: string | null; toUserId?: string | null },
  /** false: the caller announces the conversation's change itself later in the transaction. */
  opts: { publish?: boolean } = {},
): Promise<void> {
  const actor = actorRef(tx.actor);
  // clock_timestamp(): several assignments in one transaction keep their order for routing.
  await rawQuery(
    tx.db,
    `INSERT INTO conversation_events
       (id, business_id, conversation_id, type, actor_type, actor_id, from_user_id, to_user_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, clock_timestamp())`,
    [
      uuidv7(),
      after.business_id,
      after.id,
      event.type,
      actor.type,
      actor.id,
      event.fromUserId ?? null,
      event.toUserId ?? null,
    ],
  );
  const callback = callbackOf[event.type as keyof typeof callbackOf];
  if (callback) {
    const payload: ConversationEventPayload = {
      conversationId: after.id,
      channel: after.channel,
      sender: after.sender,
      subscriberId: after.customer,
      state: after.state,
      assigneeId: after.assignee_id,
      previousAssigneeId: event.fromUserId ?? null,
      actor,
      occurredAt: Math.floor(Date.now() / 1000),
    };
    await enqueueCallbacks(tx, after.business_id, [{ event: callback, payload }]);
  }
  if (opts.publish === false) return;
  await publishChange(tx, {
    businessId: after.business_id,
    conversationId: after.id,
    kind:
      event.type === "assigned" || event.type === "transferred" || event.type === "unassigned"
        ? "assigned"
        : "state",
    assigneeId: after.assignee_id,
    teamId: after.team_id,
  });
}
