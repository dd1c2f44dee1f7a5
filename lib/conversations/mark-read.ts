import { inTransaction, type Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { isUuid } from "../ids";
import type { ConversationRow } from "./conversation-row";
import { publishChange } from "./publish-change";
import { loadViewer } from "./viewer";

/**
 * The agent holding a conversation has opened it: its unread count goes to 0 and every open
 * inbox and menu count of who sees it follows. Anyone else opening it (a supervisor looking
 * in, an agent reading a waiting one) leaves the count to the one who must answer
 * (docs/decisions/inbox-page.md). Returns whether anything changed.
 */
export async function markConversationRead(ctx: Ctx, businessId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return inTransaction(ctx, async (tx) => {
    const viewer = await loadViewer(tx, businessId);
    if (!viewer.userId) return false;
    const [row] = await rawQuery<ConversationRow>(
      tx.db,
      `UPDATE conversations SET unread = 0
       WHERE business_id = $1 AND id = $2 AND assignee_id = $3 AND unread > 0 RETURNING *`,
      [businessId, id, viewer.userId],
    );
    if (!row) return false;
    await publishChange(tx, {
      businessId,
      conversationId: row.id,
      kind: "state",
      assigneeId: row.assignee_id,
      teamId: row.team_id,
    });
    return true;
  });
}
