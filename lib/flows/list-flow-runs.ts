import type { flowRunStates } from "@/db/schema/flows";
import type { Ctx } from "../context";
import { loadViewer, visibleWhere } from "../conversations/viewer";
import { rawQuery } from "../db/sql";
import { notFound } from "../errors";
import { isUuid } from "../ids";

export type FlowRunRow = {
  id: string;
  flowId: string;
  flowName: string;
  conversationId: string;
  customer: string;
  version: number;
  test: boolean;
  state: (typeof flowRunStates)[number];
  stepId: string | null;
  endReason: string | null;
  startedAt: Date;
  endedAt: Date | null;
};

type Row = {
  id: string;
  flow_id: string;
  flow_name: string;
  conversation_id: string;
  customer: string;
  version: number;
  test: boolean;
  state: FlowRunRow["state"];
  step_id: string | null;
  end_reason: string | null;
  created_at: Date;
  ended_at: Date | null;
};

/**
 * The runs the viewer may see, newest first (at most 500): of one flow, or of every flow. An
 * agent sees the runs of the conversations of its share of the inbox (lib/conversations/viewer.ts).
 */
export async function listFlowRuns(
  ctx: Ctx,
  businessId: string,
  opts: { flowId?: string; runId?: string } = {},
): Promise<FlowRunRow[]> {
  if (opts.flowId !== undefined && !isUuid(opts.flowId)) throw notFound("Flow");
  if (opts.runId !== undefined && !isUuid(opts.runId)) throw notFound("Run");
  const viewer = await loadViewer(ctx, businessId);
  const v = visibleWhere(viewer, 4);
  const rows = await rawQuery<Row>(
    ctx.db,
    `SELECT r.id, r.flow_id, f.name AS flow_name, r.conversation_id, c.customer, r.version, r.test, r.state,
       r.step_id, r.end_reason, r.created_at, r.ended_at
     FROM flow_runs r
     JOIN flows f ON f.business_id = r.business_id AND f.id = r.flow_id
     JOIN conversations c ON c.business_id = r.business_id AND c.id = r.conversation_id
     WHERE r.business_id = $1 AND ($2::uuid IS NULL OR r.flow_id = $2) AND ($3::uuid IS NULL OR r.id = $3)
       AND ${v.sql}
     ORDER BY r.id DESC LIMIT 500`,
    [businessId, opts.flowId ?? null, opts.runId ?? null, ...v.params],
  );
  return rows.map((r) => ({
    id: r.id,
    flowId: r.flow_id,
    flowName: r.flow_name,
    conversationId: r.conversation_id,
    customer: r.customer,
    version: r.version,
    test: r.test,
    state: r.state,
    stepId: r.step_id,
    endReason: r.end_reason,
    startedAt: r.created_at,
    endedAt: r.ended_at,
  }));
}
