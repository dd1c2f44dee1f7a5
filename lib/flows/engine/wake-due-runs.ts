import type { Ctx } from "../../context";
import { db } from "../../db/pool";
import { rawQuery } from "../../db/sql";
import { log } from "../../log";
import { continueWakes, type DueRun } from "./continue-wakes";
import { wakeConfig } from "./wake-config";

const flowCtx = (): Ctx => ({ db: db(), actor: { type: "system", id: "flow" } });

/** Businesses continued at the same time within one scan (each holds a pooled connection). */
const PARALLEL_BUSINESSES = 4;
/** How long one round may go on taking batches before it lets the ticker breathe. */
const ROUND_BUDGET_MS = 10_000;
/** A run whose continuation fails (not a step's failure: a bug, a broken row) is tried again this much later. */
const RETRY_FAILED_WAKE = "1 minute";

/**
 * One round of the wake scanner (every worker runs it every FLOW_WAKE_SCAN_MS: lib/wiring.ts):
 * takes the due runs by their timer's index (`flow_runs_wake_idx`, the earliest first,
 * FLOW_WAKE_BATCH at a time), groups them by business and continues each group in one
 * transaction (continue-wakes.ts), until none is due, every due business is held by another
 * scanner, or the round's budget is spent. The scan reads across businesses, as a job queue's
 * fetch does: it is the one statement without a business (each continuation has one). Waiting
 * costs one index probe per round, not a poll per run. Returns the runs woken.
 */
export async function wakeDueRuns(opts: { batchSize?: number; budgetMs?: number } = {}): Promise<number> {
  const batchSize = opts.batchSize ?? wakeConfig().FLOW_WAKE_BATCH;
  const deadline = Date.now() + (opts.budgetMs ?? ROUND_BUDGET_MS);
  let woken = 0;
  while (Date.now() < deadline) {
    const due = await rawQuery<DueRun>(
      db(),
      `SELECT business_id, id, conversation_id FROM flow_runs
       WHERE state = 'waiting' AND wake_at IS NOT NULL AND wake_at <= now()
       ORDER BY wake_at LIMIT $1`,
      [batchSize],
    );
    if (due.length === 0) break;
    const byBusiness = new Map<string, DueRun[]>();
    for (const d of due) byBusiness.set(d.business_id, [...(byBusiness.get(d.business_id) ?? []), d]);
    const groups = [...byBusiness];
    let taken = 0;
    let next = 0;
    const lane = async () => {
      while (next < groups.length) {
        const [businessId, runs] = groups[next++]!;
        const r = await continueOrRetry(businessId, runs);
        if (r.taken) taken++;
        woken += r.woken;
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_BUSINESSES, groups.length) }, lane));
    // Every due business held by other scanners: they take them; this one looks again next round.
    if (taken === 0) break;
  }
  return woken;
}

/**
 * A business's batch; if its transaction fails (nothing of it is kept), each run alone, so one
 * run that cannot be continued does not hold back the others: that one's timer is moved a
 * minute on and the error logged (the run keeps waiting; a person or a stop can still end it).
 */
async function continueOrRetry(businessId: string, runs: DueRun[]) {
  try {
    return await continueWakes(flowCtx(), businessId, runs);
  } catch (err) {
    if (runs.length === 1) {
      log.error({ err, businessId, runId: runs[0]!.id }, "flow wake failed; trying again later");
      await rawQuery(
        db(),
        `UPDATE flow_runs SET wake_at = now() + $3::interval WHERE business_id = $1 AND id = $2 AND state = 'waiting'`,
        [businessId, runs[0]!.id, RETRY_FAILED_WAKE],
      );
      return { taken: true, woken: 0 };
    }
    log.warn(
      { err, businessId, runs: runs.length },
      "flow wake batch failed; continuing its runs one by one",
    );
    let woken = 0;
    for (const run of runs) woken += (await continueOrRetry(businessId, [run])).woken;
    return { taken: true, woken };
  }
}
