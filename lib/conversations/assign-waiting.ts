import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";
import type { ConversationRow } from "./conversation-row";
import { routeConversations } from "./route-conversation";
import { getRoutingSettings } from "./routing-settings";
import { lockRouting } from "./routing-lock";

/** How many waiting conversations one call looks at (oldest first). */
const BATCH = 200;

/**
 * Routes the business's waiting (unassigned, not resolved) conversations, oldest first: run
 * when an agent becomes Available, or when an agent's load drops (resolve, transfer). Takes the
 * routing lock itself, so call it before locking any conversation row in the same transaction.
 */
export async function assignWaiting(tx: Ctx, businessId: string): Promise<number> {
  await lockRouting(tx, businessId);
  const waiting = await rawQuery<ConversationRow>(
    tx.db,
    `SELECT * FROM conversations
     WHERE business_id = $1 AND assignee_id IS NULL AND state <> 'resolved'
       AND NOT EXISTS (SELECT 1 FROM flow_runs r WHERE r.conversation_id = conversations.id
         AND r.state IN ('running', 'waiting'))
     ORDER BY created_at, id LIMIT ${BATCH} FOR UPDATE`,
    [businessId],
  );
  if (waiting.length === 0) return 0;
  const settings = await getRoutingSettings(tx, businessId);
  const after = await routeConversations(
    tx,
    waiting.map((conversation) => ({ conversation, preferLastAgent: true })),
    settings,
  );
  return after.filter((row) => row.assignee_id).length;
}
