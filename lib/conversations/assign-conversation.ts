import type { RowOf } from "../db/row-of";
import type { users } from "@/db/schema";
import { stopActiveRun } from "../flows/engine/stop-run";
import { inTransaction, type Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { conflict, forbidden, invalid, invalidInput } from "../errors";
import { assignWaiting } from "./assign-waiting";
import type { ConversationRow } from "./conversation-row";
import { conversationView } from "./conversation-view";
import { customerNameSql } from "./customer-name";
import { findVisible } from "./find-visible";
import { recordEvent } from "./record-event";
import { lockRouting } from "./routing-lock";
import { AssignInput, type ConversationView } from "./schemas";
import { loadViewer, mayReassign } from "./viewer";

/**
 * Assigns, transfers or unassigns a conversation, recorded with who did it. A supervisor (or a
 * wider role) moves any conversation it sees; an agent only takes a waiting one for itself.
 * The target must be an enabled user of the business; a supervisor's choice may go beyond the
 * routing limit and to an agent who is not Available (routing never does).
 */
export async function assignConversation(
  ctx: Ctx,
  businessId: string,
  id: string,
  raw: unknown,
): Promise<ConversationView> {
  const parsed = AssignInput.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { assigneeId } = parsed.data;
  return inTransaction(ctx, async (tx) => {
    const viewer = await loadViewer(tx, businessId);
    await lockRouting(tx, businessId);
    const conv = await findVisible(tx, businessId, viewer, id, { forUpdate: true });
    const selfTake = viewer.userId !== null && assigneeId === viewer.userId && conv.assignee_id === null;
    if (!selfTake && !(await mayReassign(tx, viewer, conv)))
      throw forbidden("Only a supervisor may assign or transfer this conversation");
    if (conv.assignee_id === assigneeId) return conversationView(conv);
    if (assigneeId) {
      const [u] = await rawQuery<Pick<RowOf<typeof users>, "enabled" | "role">>(
        tx.db,
        `SELECT enabled, role FROM users WHERE business_id = $1 AND id = $2`,
        [businessId, assigneeId],
      );
      if (!u || u.role === "OPERATOR")
        throw invalid("Invalid request", [{ path: "assigneeId", message: "Not a user of this business" }]);
      if (!u.enabled) throw conflict("The user is disabled");
    }
    const [after] = await rawQuery<ConversationRow>(
      tx.db,
      `UPDATE conversations SET assignee_id = $3, last_agent_id = coalesce($3, last_agent_id),
         assigned_at = CASE WHEN $3::uuid IS NULL THEN assigned_at ELSE now() END,
         state = CASE WHEN state = 'resolved' AND $3::uuid IS NOT NULL THEN 'open' ELSE state END,
         resolved_at = CASE WHEN state = 'resolved' AND $3::uuid IS NOT NULL THEN NULL ELSE resolved_at END,
         updated_at = now()
       WHERE business_id = $1 AND id = $2 RETURNING *, ${customerNameSql("conversations")} AS display_name`,
      [businessId, id, assigneeId],
    );
    // Given to a person: the conversation's flow run stops.
    if (assigneeId) await stopActiveRun(tx, businessId, conv.id, "assigned to an agent");
    const type = assigneeId === null ? "unassigned" : conv.assignee_id ? "transferred" : "assigned";
    await recordEvent(tx, after!, { type, fromUserId: conv.assignee_id, toUserId: assigneeId });
    // The previous agent has room for one more now.
    if (conv.assignee_id) await assignWaiting(tx, businessId);
    return conversationView(after!);
  });
}
