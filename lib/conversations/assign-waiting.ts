import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";
import type { ConversationRow } from "./conversation-row";
import { routeConversation } from "./route-conversation";
import { getRoutingSettings, senderKey } from "./routing-settings";
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
     ORDER BY created_at, id LIMIT ${BATCH} FOR UPDATE`,
    [businessId],
  );
  if (waiting.length === 0) return 0;
  const settings = await getRoutingSettings(tx, businessId);
  let assigned = 0;
  // A pool (a team, or all agents) that had nobody for one conversation has nobody for the
  // next either: one query per pool instead of one per waiting conversation.
  const exhausted = new Set<string>();
  for (const conv of waiting) {
    const pool = settings.senderTeams[senderKey(conv.channel, conv.sender)] ?? "*";
    if (exhausted.has(pool)) continue;
    const after = await routeConversation(tx, conv, settings, { preferLastAgent: true });
    if (after.assignee_id) assigned++;
    else exhausted.add(pool);
  }
  return assigned;
}
