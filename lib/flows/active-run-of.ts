import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";

export type ActiveRun = {
  runId: string;
  flowId: string;
  flowName: string;
  version: number;
  state: "running" | "waiting";
  /** The step it waits at (a question, an HTTP request, a wait). */
  stepId: string | null;
  startedAt: Date;
};

/** The flow run that holds a conversation now (the inbox's "a flow is handling this"), if any. */
export async function activeRunOf(
  ctx: Ctx,
  businessId: string,
  conversationId: string,
): Promise<ActiveRun | null> {
  const [r] = await rawQuery<{
    id: string;
    flow_id: string;
    name: string;
    version: number;
    state: "running" | "waiting";
    step_id: string | null;
    created_at: Date;
  }>(
    ctx.db,
    `SELECT r.id, r.flow_id, f.name, r.version, r.state, r.step_id, r.created_at
     FROM flow_runs r JOIN flows f ON f.id = r.flow_id AND f.business_id = r.business_id
     WHERE r.business_id = $1 AND r.conversation_id = $2 AND r.state IN ('running', 'waiting')`,
    [businessId, conversationId],
  );
  return r
    ? {
        runId: r.id,
        flowId: r.flow_id,
        flowName: r.name,
        version: r.version,
        state: r.state,
        stepId: r.step_id,
        startedAt: r.created_at,
      }
    : null;
}
