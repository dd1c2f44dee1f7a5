import type { RowOf } from "../../db/row-of";
import type { flowRuns } from "@/db/schema";
import { inTransaction, type Ctx } from "../../context";
import type { ConversationRow } from "../../conversations/conversation-row";
import { lockRouting } from "../../conversations/routing-lock";
import { db } from "../../db/pool";
import { rawQuery } from "../../db/sql";
import type { FlowDefinition, FlowStep } from "../definition";
import type { FlowWakeJob } from "./flow-jobs";
import { callHttp } from "./http-call";
import { runSteps, type Resume, type RunRow } from "./run-steps";
import { routeSettled } from "./route-settled";
import { settleRun } from "./settle-run";

const flowCtx = (): Ctx => ({ db: db(), actor: { type: "system", id: "flow" } });

async function waitingRun(job: FlowWakeJob, lock = false, tx = flowCtx()): Promise<RunRow | undefined> {
  const [run] = await rawQuery<RunRow>(
    tx.db,
    `SELECT * FROM flow_runs WHERE business_id = $1 AND id = $2${lock ? " FOR UPDATE" : ""}`,
    [job.businessId, job.runId],
  );
  return run && run.state === "waiting" && run.wake_id === job.wakeId ? run : undefined;
}

async function definitionOf(run: RunRow, tx = flowCtx()): Promise<FlowDefinition> {
  // A test run of the draft ("Try it", version 0) carries its own definition.
  const own = (run as RunRow & { definition?: FlowDefinition | null }).definition;
  if (run.version === 0 && own) return own;
  const [v] = await rawQuery<{ definition: FlowDefinition }>(
    tx.db,
    `SELECT definition FROM flow_versions WHERE business_id = $1 AND flow_id = $2 AND version = $3`,
    [run.business_id, run.flow_id, run.version],
  );
  return v!.definition;
}

/**
 * Continues a run that waits on this job's wake (a request's result; a wait's end or an ask's
 * timeout from a flows.wake job enqueued before timers moved onto the run: the wake scanner,
 * continue-wakes.ts, does those in batches now) in a transaction of its own, as a customer's
 * message would: the routing lock, then
 * the conversation, then the run, each re-checked (a person answering or a stop cancelled it:
 * nothing happens). Messages it sends go through the send pipeline; a handover or a failure is
 * routed here.
 */
export async function continueRun(job: FlowWakeJob, resume: Exclude<Resume, null>): Promise<boolean> {
  if (!(await waitingRun(job))) return false;
  return inTransaction(flowCtx(), async (tx) => {
    await lockRouting(tx, job.businessId);
    const [pre] = await rawQuery<Pick<RowOf<typeof flowRuns>, "conversation_id">>(
      tx.db,
      `SELECT conversation_id FROM flow_runs WHERE business_id = $1 AND id = $2`,
      [job.businessId, job.runId],
    );
    if (!pre) return false;
    const [conv] = await rawQuery<ConversationRow>(
      tx.db,
      `SELECT * FROM conversations WHERE business_id = $1 AND id = $2 FOR UPDATE`,
      [job.businessId, pre.conversation_id],
    );
    const run = await waitingRun(job, true, tx);
    if (!conv || !run || conv.assignee_id) return false;
    const outcome = await runSteps(tx, conv, run, await definitionOf(run, tx), resume);
    await routeSettled(tx, await settleRun(tx, conv, outcome));
    return true;
  });
}

/** The flows.wake job (enqueued by the release before the wake scanner): a wait ends, or an ask times out. */
export async function wakeRun(job: FlowWakeJob): Promise<void> {
  await continueRun(job, { kind: "wake" });
}

/** The flows.http job: makes the step's request outside any transaction, then continues the run. */
export async function runHttpStep(job: FlowWakeJob): Promise<void> {
  const run = await waitingRun(job);
  if (!run) return;
  const step = (await definitionOf(run)).steps.find((s) => s.id === run.step_id);
  if (step?.type !== "http_request") return;
  const result = await callHttp(
    flowCtx(),
    job.businessId,
    step as Extract<FlowStep, { type: "http_request" }>,
    run.variables,
    job.wakeId,
  );
  await continueRun(job, { kind: "http", result });
}
