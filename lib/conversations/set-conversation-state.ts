import { inTransaction, type Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { forbidden, invalidInput } from "../errors";
import { assignWaiting } from "./assign-waiting";
import type { ConversationRow } from "./conversation-row";
import { conversationView } from "./conversation-view";
import { customerNameSql } from "./customer-name";
import { findVisible } from "./find-visible";
import { recordEvent } from "./record-event";
import { lockRouting } from "./routing-lock";
import { StateInput, type ConversationView } from "./schemas";
import { loadViewer, mayReassign } from "./viewer";

/**
 * Resolves a conversation, marks it pending (waiting on the customer) or opens it again. Its
 * agent or anyone who may reassign it may; an agent does not resolve a colleague's. Resolving
 * frees a place under the agent's limit, so waiting conversations are routed in the same
 * transaction.
 */
export async function setConversationState(
  ctx: Ctx,
  businessId: string,
  id: string,
  raw: unknown,
): Promise<ConversationView> {
  const parsed = StateInput.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { state } = parsed.data;
  return inTransaction(ctx, async (tx) => {
    const viewer = await loadViewer(tx, businessId);
    await lockRouting(tx, businessId);
    const conv = await findVisible(tx, businessId, viewer, id, { forUpdate: true });
    const holder = viewer.userId !== null && conv.assignee_id === viewer.userId;
    if (!holder && !(await mayReassign(tx, viewer, conv)))
      throw forbidden("Only the conversation's agent or a supervisor may change its state");
    if (conv.state === state) return conversationView(conv);
    const [after] = await rawQuery<ConversationRow>(
      tx.db,
      `UPDATE conversations SET state = $3,
         resolved_at = CASE WHEN $3 = 'resolved' THEN now() ELSE NULL END,
         unread = CASE WHEN $3 = 'resolved' THEN 0 ELSE unread END, updated_at = now()
       WHERE business_id = $1 AND id = $2 RETURNING *, ${customerNameSql("conversations")} AS display_name`,
      [businessId, id, state],
    );
    const type = state === "resolved" ? "resolved" : state === "pending" ? "pending" : "reopened";
    await recordEvent(tx, after!, { type, fromUserId: conv.assignee_id });
    if (state === "resolved" && conv.assignee_id) await assignWaiting(tx, businessId);
    return conversationView(after!);
  });
}
