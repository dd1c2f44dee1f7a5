import { enqueueCallbacks } from "../../callbacks/enqueue-callbacks";
import type { CallbackEvent } from "../../callbacks/schemas";
import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { uuidv7 } from "../../ids";

/** A run's row after its steps: what runSteps writes once at the end. */
export type RunUpdate = {
  id: string;
  state: string;
  stepId: string | null;
  invalidAnswers: number;
  variables: Record<string, string>;
  endReason: string | null;
  ended: boolean;
  wakeId: string | null;
  /** The timer: minutes from now, "keep" the one the run had, or null (none). */
  wakeInMinutes: number | "keep" | null;
};

/**
 * What runSteps leaves to write for one or many runs of ONE business: the runs' rows, their
 * callbacks (flow.completed, ...) and their recorded steps. Written by writeRuns in three
 * statements whatever the number of runs, so a batch of wakes writes them set-based.
 */
export type RunWrites = {
  runs: RunUpdate[];
  events: CallbackEvent[];
  steps: Array<{ runId: string; stepId: string; type: string; detail: object }>;
};

export const noRunWrites = (): RunWrites => ({ runs: [], events: [], steps: [] });

/** Writes `w` for `businessId` through tx (the runs, then the callbacks, then the steps in order). */
export async function writeRuns(tx: Ctx, businessId: string, w: RunWrites): Promise<void> {
  if (w.runs.length > 0)
    await rawQuery(
      tx.db,
      `UPDATE flow_runs r SET state = v.state, step_id = v.step_id, invalid_answers = v.invalid,
         variables = v.variables, end_reason = v.end_reason, ended_at = CASE WHEN v.ended THEN now() END,
         wake_id = v.wake_id, updated_at = now(),
         wake_at = CASE WHEN v.wake_in = 'keep' THEN r.wake_at
                        WHEN v.wake_in IS NOT NULL THEN now() + make_interval(secs => v.wake_in::double precision * 60) END
       FROM unnest($2::uuid[], $3::text[], $4::text[], $5::int[], $6::jsonb[], $7::text[], $8::bool[], $9::uuid[], $10::text[])
         AS v(id, state, step_id, invalid, variables, end_reason, ended, wake_id, wake_in)
       WHERE r.business_id = $1 AND r.id = v.id`,
      [
        businessId,
        w.runs.map((r) => r.id),
        w.runs.map((r) => r.state),
        w.runs.map((r) => r.stepId),
        w.runs.map((r) => r.invalidAnswers),
        w.runs.map((r) => JSON.stringify(r.variables)),
        w.runs.map((r) => r.endReason),
        w.runs.map((r) => r.ended),
        w.runs.map((r) => r.wakeId),
        w.runs.map((r) => (r.wakeInMinutes === null ? null : String(r.wakeInMinutes))),
      ],
    );
  await enqueueCallbacks(tx, businessId, w.events);
  if (w.steps.length > 0)
    await rawQuery(
      tx.db,
      `INSERT INTO flow_run_steps (id, business_id, run_id, step_id, type, detail)
       SELECT v.id, $1, v.run_id, v.step_id, v.type, v.detail
       FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::jsonb[])
         WITH ORDINALITY AS v(id, run_id, step_id, type, detail, n)
       ORDER BY v.n`,
      [
        businessId,
        w.steps.map(() => uuidv7()),
        w.steps.map((s) => s.runId),
        w.steps.map((s) => s.stepId),
        w.steps.map((s) => s.type),
        w.steps.map((s) => JSON.stringify(s.detail)),
      ],
    );
}
