import type { Ctx } from "../../context";
import { RoutingLockShared } from "../../conversations/routing-lock";
import { db } from "../../db/pool";
import { rawQuery } from "../../db/sql";
import { log } from "../../log";
import { continueWakes, type DueRun, type WakeBatchResult } from "./continue-wakes";
import { wakeConfig } from "./wake-config";

const flowCtx = (): Ctx => ({ db: db(), actor: { type: "system", id: "flow" } });

/** Batches continued at the same time by one scanner (each holds a pooled connection). */
const LANES = 4;
/** How long one round may go on taking batches before it lets the ticker breathe. */
const ROUND_BUDGET_MS = 10_000;
/** A run whose continuation fails (not a step's failure: a bug, a broken row) is tried again this much later. */
const RETRY_FAILED_WAKE = "1 minute";

/**
 * One round of the wake scanner (every worker runs it every FLOW_WAKE_SCAN_MS: lib/wiring.ts):
 * reads the due runs by their timer's index (`flow_runs_wake_idx`, the earliest first,
 * FLOW_WAKE_BATCH for each of LANES batches), cuts each business's into batches of
 * FLOW_WAKE_BATCH and continues LANES batches at a time, several of one business side by side
 * (continue-wakes.ts: each claims its runs with SKIP LOCKED under the routing lock held shared),
 * and reads again at once while a scan came back full, until none is due, every due run is
 * held by another scanner, or the round's budget is spent. The scan reads across businesses,
 * as a job queue's fetch does: it is the one statement without a business (each batch has
 * one). Waiting costs one index probe per round, not a poll per run. Returns the runs woken.
 */
export async function wakeDueRuns(opts: { batchSize?: number; budgetMs?: number } = {}): Promise<number> {
  const batchSize = opts.batchSize ?? wakeConfig().FLOW_WAKE_BATCH;
  const deadline = Date.now() + (opts.budgetMs ?? ROUND_BUDGET_MS);
  let woken = 0;
  while (Date.now() < deadline) {
    const due = await rawQuery<DueRun>(
      db(),
      `SELECT business_id, id FROM flow_runs
       WHERE state = 'waiting' AND wake_at IS NOT NULL AND wake_at <= now()
       ORDER BY wake_at LIMIT $1`,
      [batchSize * LANES],
    );
    if (due.length === 0) break;
    const byBusiness = new Map<string, string[]>();
    for (const d of due) {
      const ids = byBusiness.get(d.business_id);
      if (ids) ids.push(d.id);
      else byBusiness.set(d.business_id, [d.id]);
    }
    const batches: Array<{ businessId: string; ids: string[] }> = [];
    for (const [businessId, ids] of byBusiness)
      for (let i = 0; i < ids.length; i += batchSize)
        batches.push({ businessId, ids: ids.slice(i, i + batchSize) });
    let claimed = 0;
    let next = 0;
    const lane = async () => {
      while (next < batches.length) {
        const { businessId, ids } = batches[next++]!;
        const r = await continueOrRetry(businessId, ids);
        claimed += r.claimed;
        woken += r.woken;
      }
    };
    await Promise.all(Array.from({ length: Math.min(LANES, batches.length) }, lane));
    // Every due run held by other scanners (or its conversation by another transaction): they
    // take them; this one looks again next round.
    if (claimed === 0) break;
  }
  return woken;
}

/**
 * A batch beside the business's others (routing lock shared); done again holding the lock alone
 * when a run of it routes (a handover, a failure: RoutingLockShared). If its transaction fails
 * (nothing of it is kept), each run alone, so one run that cannot be continued does not hold
 * back the others: that one's timer is moved a minute on and the error logged (the run keeps
 * waiting; a person or a stop can still end it).
 */
async function continueOrRetry(businessId: string, ids: string[]): Promise<WakeBatchResult> {
  const claimedIds: string[] = [];
  try {
    try {
      return await continueWakes(flowCtx(), businessId, ids, "shared", claimedIds);
    } catch (err) {
      if (!(err instanceof RoutingLockShared)) throw err;
      claimedIds.length = 0;
      return await continueWakes(flowCtx(), businessId, ids, "exclusive", claimedIds);
    }
  } catch (err) {
    if (claimedIds.length <= 1) {
      log.error({ err, businessId, runIds: claimedIds }, "flow wake failed; trying again later");
      if (claimedIds.length === 1)
        await rawQuery(
          db(),
          `UPDATE flow_runs SET wake_at = now() + $3::interval WHERE business_id = $1 AND id = $2 AND state = 'waiting'`,
          [businessId, claimedIds[0]!, RETRY_FAILED_WAKE],
        );
      return { claimed: claimedIds.length, woken: 0 };
    }
    log.warn(
      { err, businessId, runs: claimedIds.length },
      "flow wake batch failed; continuing its runs one by one",
    );
    const total = { claimed: 0, woken: 0 };
    for (const id of claimedIds) {
      const r = await continueOrRetry(businessId, [id]);
      total.claimed += r.claimed;
      total.woken += r.woken;
    }
    return total;
  }
}
