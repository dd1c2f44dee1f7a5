import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { notFound } from "../errors";
import { isUuid } from "../ids";
import { stopActiveRun } from "./engine/stop-run";
import type { RunView } from "./flow-store";

export type RunStepView = { stepId: string; type: string; detail: object; at: number };
export type RunWithSteps = RunView & { steps: RunStepView[] };

const epoch = (d: Date) => Math.floor(d.getTime() / 1000);

/** One run of the business's flow with its steps in order (what each did). */
export async function getRun(
  ctx: Ctx,
  businessId: string,
  flowId: string,
  runId: string,
): Promise<RunWithSteps> {
  if (!isUuid(flowId) || !isUuid(runId)) throw notFound("Run");
  const [r] = await rawQuery<{
    id: string;
    conversation_id: string;
    version: number;
    state: RunView["state"];
    step_id: string | null;
    variables: Record<string, string>;
    end_reason: string | null;
    created_at: Date;
    ended_at: Date | null;
  }>(ctx.db, `SELECT * FROM flow_runs WHERE business_id = $1 AND flow_id = $2 AND id = $3`, [
    businessId,
    flowId,
    runId,
  ]);
  if (!r) throw notFound("Run");
  const steps = await rawQuery<{ step_id: string; type: string; detail: object; created_at: Date }>(
    ctx.db,
    `SELECT step_id, type, detail, created_at FROM flow_run_steps WHERE business_id = $1 AND run_id = $2 ORDER BY id LIMIT 1000`,
    [businessId, runId],
  );
  return {
    id: r.id,
    conversationId: r.conversation_id,
    version: r.version,
    state: r.state,
    stepId: r.step_id,
    variables: r.variables,
    endReason: r.end_reason,
    createdAt: epoch(r.created_at),
    endedAt: r.ended_at ? epoch(r.ended_at) : null,
    steps: steps.map((s) => ({ stepId: s.step_id, type: s.type, detail: s.detail, at: epoch(s.created_at) })),
  };
}

/** Stops the run if it is still active (its pending timer or request then does nothing); the run after. */
export async function stopRun(
  ctx: Ctx,
  businessId: string,
  flowId: string,
  runId: string,
): Promise<RunWithSteps> {
  const run = await getRun(ctx, businessId, flowId, runId);
  if (run.state === "running" || run.state === "waiting")
    await stopActiveRun(ctx, businessId, run.conversationId, `stopped by ${ctx.actor.type}`);
  return getRun(ctx, businessId, flowId, runId);
}
