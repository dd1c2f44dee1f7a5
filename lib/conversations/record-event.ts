import type { CallbackEvent, ConversationEventPayload } from "../callbacks/schemas";
import { enqueueCallbacks } from "../callbacks/enqueue-callbacks";
import type { Actor, Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { uuidv7 } from "../ids";
import type { ConversationRow } from "./conversation-row";
import { publishChanges } from "./publish-change";

export type ConversationEventType =
  | "opened"
  | "assigned"
  | "transferred"
  | "unassigned"
  | "resolved"
  | "reopened"
  | "pending"
  | "customer_changed";

const callbackOf = {
  opened: "conversation.opened",
  reopened: "conversation.opened",
  assigned: "conversation.assigned",
  transferred: "conversation.assigned",
  resolved: "conversation.resolved",
} as const;

export const actorRef = (actor: Actor) => ({ type: actor.type, id: actor.id });

export type ConversationEvent = {
  type: ConversationEventType;
  fromUserId?: string | null;
  toUserId?: string | null;
  /** customer_changed: the customer's address before and after, and why. */
  detail?: { from: string; to: string; reason: string };
};

/**
 * Records what happened to a conversation (row `after` is its state after the event) with who
 * did it, raises the opt-in callback that matches and tells the live streams, all on the
 * caller's transaction.
 */
export async function recordEvent(
  tx: Ctx,
  after: ConversationRow,
  event: ConversationEvent,
  /** false: the caller announces the conversation's change itself later in the transaction. */
  opts: { publish?: boolean } = {},
): Promise<void> {
  await recordEvents(tx, [{ after, event }], opts);
}

/**
 * recordEvent for many conversations (or many events) at once, by the same actor: one insert,
 * one callback enqueue and one announcement for all, in the order given.
 */
export async function recordEvents(
  tx: Ctx,
  items: Array<{ after: ConversationRow; event: ConversationEvent }>,
  opts: { publish?: boolean } = {},
): Promise<void> {
  if (items.length === 0) return;
  const actor = actorRef(tx.actor);
  // clock_timestamp(), evaluated row by row: several assignments in one transaction keep their
  // order for routing.
  await rawQuery(
    tx.db,
    `INSERT INTO conversation_events
       (id, business_id, conversation_id, type, actor_type, actor_id, from_user_id, to_user_id, detail, created_at)
     SELECT v.id, v.business_id, v.conversation_id, v.type, $1, $2, v.from_user_id, v.to_user_id, v.detail,
       clock_timestamp()
     FROM unnest($3::uuid[], $4::uuid[], $5::uuid[], $6::text[], $7::uuid[], $8::uuid[], $9::jsonb[])
       WITH ORDINALITY AS v(id, business_id, conversation_id, type, from_user_id, to_user_id, detail, n)
     ORDER BY v.n`,
    [
      actor.type,
      actor.id,
      items.map(() => uuidv7()),
      items.map((i) => i.after.business_id),
      items.map((i) => i.after.id),
      items.map((i) => i.event.type),
      items.map((i) => i.event.fromUserId ?? null),
      items.map((i) => i.event.toUserId ?? null),
      items.map((i) => (i.event.detail ? JSON.stringify(i.event.detail) : null)),
    ],
  );
  const occurredAt = Math.floor(Date.now() / 1000);
  const callbacks = new Map<string, CallbackEvent[]>();
  for (const { after, event } of items) {
    const callback = callbackOf[event.type as keyof typeof callbackOf];
    if (!callback) continue;
    const payload: ConversationEventPayload = {
      conversationId: after.id,
      channel: after.channel,
      sender: after.sender,
      subscriberId: after.customer,
      state: after.state,
      assigneeId: after.assignee_id,
      previousAssigneeId: event.fromUserId ?? null,
      actor,
      occurredAt,
    };
    const list = callbacks.get(after.business_id) ?? [];
    list.push({ event: callback, payload });
    callbacks.set(after.business_id, list);
  }
  for (const [businessId, events] of callbacks) await enqueueCallbacks(tx, businessId, events);
  if (opts.publish === false) return;
  await publishChanges(
    tx,
    items.map(({ after, event }) => {
      const moved = event.type === "assigned" || event.type === "transferred" || event.type === "unassigned";
      const previous =
        moved && event.fromUserId && event.fromUserId !== after.assignee_id ? event.fromUserId : null;
      return {
        businessId: after.business_id,
        conversationId: after.id,
        kind: moved ? ("assigned" as const) : ("state" as const),
        assigneeId: after.assignee_id,
        teamId: after.team_id,
        ...(previous ? { previousAssigneeId: previous } : {}),
      };
    }),
  );
}
