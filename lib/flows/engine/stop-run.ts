import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";

/**
 * Stops the run a conversation has (an agent answered, or took or was given the conversation):
 * a person is in charge there now, so the flow says nothing more. Returns whether one ran.
 */
export async function stopActiveRun(
  tx: Ctx,
  businessId: string,
  conversationId: string,
  reason: string,
): Promise<boolean> {
  const rows = await rawQuery(
    tx.db,
    `UPDATE flow_runs SET state = 'stopped', end_reason = $3, step_id = NULL, wake_at = NULL, ended_at = now(), updated_at = now()
     WHERE business_id = $1 AND conversation_id = $2 AND state IN ('running', 'waiting') RETURNING id`,
    [businessId, conversationId, reason],
  );
  return rows.length > 0;
}
