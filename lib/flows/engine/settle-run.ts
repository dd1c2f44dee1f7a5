import type { Ctx } from "../../context";
import { assignConversation } from "../../conversations/assign-conversation";
import type { ConversationRow } from "../../conversations/conversation-row";
import { recordEvents } from "../../conversations/record-event";
import { rawQuery } from "../../db/sql";
import { AppError } from "../../errors";
import { log } from "../../log";
import type { RunOutcome } from "./run-steps";

/** What the caller does with the conversation after a run's step: leave it, or route it (to a team). */
export type Settled = { row: ConversationRow; route: { teamId: string | null } | null };

/**
 * The conversation after a run's outcome: a completed run resolves it (unless a
 * set_conversation step chose its state); a handover to an agent assigns it through the inbox's
 * assignment; a handover to a team, or a failure, asks the caller to route it.
 */
export async function settleRun(tx: Ctx, conv: ConversationRow, outcome: RunOutcome): Promise<Settled> {
  let row = conv;
  if (outcome.conversationState) row = (await reread(tx, conv)) ?? conv;
  if (outcome.state === "waiting") return { row, route: null };
  if (outcome.state === "completed") {
    if (outcome.conversationState) return { row, route: null };
    const [after] = await resolveCompleted(tx, conv.business_id, [conv.id]);
    return { row: after!, route: null };
  }
  if (outcome.state === "failed")
    log.warn({ conversationId: conv.id, reason: outcome.reason }, "flow run failed");
  if (outcome.state === "handed_over" && outcome.userId) {
    try {
      await assignConversation(tx, conv.business_id, conv.id, { assigneeId: outcome.userId });
      return { row: (await reread(tx, conv))!, route: null };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      // A disabled or removed agent: routing decides instead.
      log.warn({ conversationId: conv.id, err: err.message }, "flow handover to an agent failed");
    }
  }
  return { row, route: { teamId: outcome.state === "handed_over" ? outcome.teamId : null } };
}

/**
 * The conversations of runs that completed (with no set_conversation step choosing their
 * state), resolved with their "resolved" events: two statements for any number of one
 * business's conversations (a batch of wakes). The rows after, in no particular order.
 */
export async function resolveCompleted(
  tx: Ctx,
  businessId: string,
  conversationIds: string[],
): Promise<ConversationRow[]> {
  if (conversationIds.length === 0) return [];
  const after = await rawQuery<ConversationRow>(
    tx.db,
    `UPDATE conversations SET state = 'resolved', resolved_at = now(), updated_at = now()
     WHERE business_id = $1 AND id = ANY($2::uuid[]) RETURNING *`,
    [businessId, conversationIds],
  );
  await recordEvents(
    tx,
    after.map((row) => ({ after: row, event: { type: "resolved" as const } })),
    { publish: false },
  );
  return after;
}

async function reread(tx: Ctx, conv: ConversationRow): Promise<ConversationRow | undefined> {
  const [row] = await rawQuery<ConversationRow>(
    tx.db,
    `SELECT * FROM conversations WHERE business_id = $1 AND id = $2`,
    [conv.business_id, conv.id],
  );
  return row;
}
