import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { notFound } from "../errors";
import { listFlowRuns, type FlowRunRow } from "./list-flow-runs";

export type RunPathStep = {
  id: string;
  stepId: string;
  type: string;
  detail: Record<string, unknown>;
  at: Date;
};

/** A run (if the viewer sees its conversation) and its path: each step it ran, in order, with what it did. */
export async function getRunPath(
  ctx: Ctx,
  businessId: string,
  runId: string,
): Promise<{ run: FlowRunRow; steps: RunPathStep[] }> {
  const [run] = await listFlowRuns(ctx, businessId, { runId });
  if (!run) throw notFound("Run");
  const rows = await rawQuery<{
    id: string;
    step_id: string;
    type: string;
    detail: Record<string, unknown>;
    created_at: Date;
  }>(
    ctx.db,
    `SELECT id, step_id, type, detail, created_at FROM flow_run_steps
     WHERE business_id = $1 AND run_id = $2 ORDER BY id LIMIT 1000`,
    [businessId, runId],
  );
  return {
    run,
    steps: rows.map((r) => ({
      id: r.id,
      stepId: r.step_id,
      type: r.type,
      detail: r.detail,
      at: r.created_at,
    })),
  };
}
