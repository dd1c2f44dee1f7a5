import type { Ctx } from "../../context";
import type { ConversationRow } from "../../conversations/conversation-row";
import { rawQuery } from "../../db/sql";
import { uuidv7 } from "../../ids";
import type { PublishedFlow } from "./match-trigger";
import type { RunRow } from "./run-steps";
import type { RunUpdate } from "./run-writes";

/**
 * A new run of the flow's published version in `conv`, at its start step (runSteps then runs
 * it): what a trigger starts and what the API starts, with the caller's initial `variables`.
 * The conversation's one active run is a unique index, so the caller stops or refuses another.
 */
export async function startRun(
  tx: Ctx,
  conv: ConversationRow,
  flow: PublishedFlow,
  variables: Record<string, string> = {},
): Promise<RunRow> {
  const [run] = await rawQuery<RunRow>(
    tx.db,
    `INSERT INTO flow_runs (id, business_id, flow_id, version, conversation_id, state, step_id, variables)
     VALUES ($1, $2, $3, $4, $5, 'running', $6, $7) RETURNING *`,
    [
      uuidv7(),
      conv.business_id,
      flow.id,
      flow.version,
      conv.id,
      flow.definition.start,
      JSON.stringify(variables),
    ],
  );
  return run!;
}

/**
 * A new run of the flow's published version in `conv`, at its start step, not written yet: the
 * inbound batch runs its steps and then writes it as they left it, with the batch's other new
 * runs (insertRuns), instead of an insert and an update per run. The caller holds the
 * conversation's row lock and has read its active run (none), so the unique index cannot refuse it.
 */
export function newRun(conv: ConversationRow, flow: PublishedFlow): RunRow {
  return {
    id: uuidv7(),
    business_id: conv.business_id,
    flow_id: flow.id,
    version: flow.version,
    conversation_id: conv.id,
    state: "running",
    step_id: flow.definition.start,
    invalid_answers: 0,
    wake_id: null,
    wake_at: null,
    variables: {},
  };
}

/**
 * Inserts new runs (newRun) of one business as their steps left them (`update`, runSteps's
 * RunUpdate: never "keep" a timer, a new run has none): one statement for the batch.
 */
export async function insertRuns(
  tx: Ctx,
  businessId: string,
  runs: Array<{ run: RunRow; update: RunUpdate }>,
): Promise<void> {
  if (runs.length === 0) return;
  await rawQuery(
    tx.db,
    `INSERT INTO flow_runs (id, business_id, flow_id, version, conversation_id, state, step_id, invalid_answers,
       variables, end_reason, ended_at, wake_id, wake_at)
     SELECT v.id, $1, v.flow_id, v.version, v.conversation_id, v.state, v.step_id, v.invalid, v.variables,
       v.end_reason, CASE WHEN v.ended THEN now() END, v.wake_id,
       CASE WHEN v.wake_in IS NOT NULL THEN now() + make_interval(secs => v.wake_in * 60) END
     FROM unnest($2::uuid[], $3::uuid[], $4::int[], $5::uuid[], $6::text[], $7::text[], $8::int[], $9::jsonb[],
       $10::text[], $11::bool[], $12::uuid[], $13::float8[])
       WITH ORDINALITY AS v(id, flow_id, version, conversation_id, state, step_id, invalid, variables, end_reason,
         ended, wake_id, wake_in, n)
     ORDER BY v.n`,
    [
      businessId,
      runs.map((r) => r.run.id),
      runs.map((r) => r.run.flow_id),
      runs.map((r) => r.run.version),
      runs.map((r) => r.run.conversation_id),
      runs.map((r) => r.update.state),
      runs.map((r) => r.update.stepId),
      runs.map((r) => r.update.invalidAnswers),
      runs.map((r) => JSON.stringify(r.update.variables)),
      runs.map((r) => r.update.endReason),
      runs.map((r) => r.update.ended),
      runs.map((r) => r.update.wakeId),
      runs.map((r) => (typeof r.update.wakeInMinutes === "number" ? r.update.wakeInMinutes : null)),
    ],
  );
}

/**
 * Runs each conversation started in the last hour (any flow), by conversation id (none: absent):
 * a flow's settings.maxRunsPerHour bounds them. One statement for a batch's conversations.
 */
export async function runsInLastHour(
  tx: Ctx,
  businessId: string,
  conversationIds: string[],
): Promise<Map<string, number>> {
  const rows = await rawQuery<{ conversation_id: string; n: number }>(
    tx.db,
    `SELECT conversation_id, count(*)::int AS n FROM flow_runs
     WHERE business_id = $1 AND conversation_id = ANY($2::uuid[]) AND created_at > now() - interval '1 hour'
     GROUP BY conversation_id`,
    [businessId, conversationIds],
  );
  return new Map(rows.map((r) => [r.conversation_id, r.n]));
}
