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

type Row = {
  id: string;
  flow_id: string;
  conversation_id: string;
  name: string;
  version: number;
  state: "running" | "waiting";
  step_id: string | null;
  created_at: Date;
};

/** The flow run that holds a conversation now (the inbox's "a flow is handling this"), if any. */
export async function activeRunOf(
  ctx: Ctx,
  businessId: string,
  conversationId: string,
): Promise<ActiveRun | null> {
  return (await activeRunsOf(ctx, businessId, [conversationId])).get(conversationId) ?? null;
}

/**
 * The runs holding any of `conversationIds` (a page of the inbox's list), by conversation: one
 * query on flow_runs_active_idx, at most one run per conversation.
 */
export async function activeRunsOf(
  ctx: Ctx,
  businessId: string,
  conversationIds: string[],
): Promise<Map<string, ActiveRun>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await rawQuery<Row>(
    ctx.db,
    `SELECT r.id, r.flow_id, r.conversation_id, f.name, r.version, r.state, r.step_id, r.created_at
     FROM flow_runs r JOIN flows f ON f.id = r.flow_id AND f.business_id = r.business_id
     WHERE r.business_id = $1 AND r.conversation_id = ANY($2::uuid[]) AND r.state IN ('running', 'waiting')`,
    [businessId, conversationIds],
  );
  return new Map(
    rows.map((r) => [
      r.conversation_id,
      {
        runId: r.id,
        flowId: r.flow_id,
        flowName: r.name,
        version: r.version,
        state: r.state,
        stepId: r.step_id,
        startedAt: r.created_at,
      },
    ]),
  );
}
