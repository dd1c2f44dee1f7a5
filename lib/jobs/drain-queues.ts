import type PgBoss from "pg-boss";
import { log } from "../log";
import { boss as currentBoss } from "./boss";
import { ensureQueues } from "./ensure-queues";
import { checkPayload } from "./job-payload";
import type { AnyDefinition } from "./queue-types";
import { queueDefinitions } from "./registered-queues";
import { infoOf, runMaintenance } from "./run-job";
import { runTicker, tickerDefinitions } from "./tickers";

export type RoundResult = { processed: number; failed: number };

/** Fetches up to `limit` due jobs of one queue, runs them, completes or fails each. */
export async function runRound(
  boss: PgBoss,
  def: AnyDefinition,
  limit?: number,
): Promise<RoundResult & { fetched: number }> {
  const batchSize = Math.max(1, Math.min(limit ?? Infinity, def.batchSize ?? 10));
  const jobs = await boss.fetch<object>(def.name, { batchSize, includeMetadata: true });
  if (jobs.length === 0) return { fetched: 0, processed: 0, failed: 0 };
  const done: string[] = [];
  const failures: Array<{ id: string; message: string }> = [];
  const concurrency = Math.max(1, def.concurrency ?? jobs.length);
  let next = 0;
  const lane = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      try {
        await def.handler(checkPayload(def, job.data), infoOf(def, job));
        done.push(job.id);
      } catch (err) {
        log.error({ err, queue: def.name, jobId: job.id }, "job failed");
        failures.push({ id: job.id, message: err instanceof Error ? err.message : String(err) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, lane));
  if (done.length > 0) await boss.complete(def.name, done);
  for (const f of failures) await boss.fail(def.name, f.id, { message: f.message });
  return { fetched: jobs.length, processed: done.length, failed: failures.length };
}

export type DrainReport = Record<string, RoundResult>;

/**
 * Runs the due jobs of every defined queue once, with the same handlers the long-running
 * workers use (POST /api/internal/dispatch). Stops at `maxJobs` or when `budgetMs` is spent.
 */
export async function drainQueues(opts: { maxJobs?: number; budgetMs?: number } = {}): Promise<DrainReport> {
  const boss = currentBoss();
  await ensureQueues(boss);
  const deadline = Date.now() + (opts.budgetMs ?? 20_000);
  let left = opts.maxJobs ?? 10_000;
  const report: DrainReport = {};
  const definitions = queueDefinitions();
  for (const def of definitions) report[def.name] = { processed: 0, failed: 0 };
  for (const def of definitions) {
    if (def.maintenance) await runMaintenance(def);
  }
  for (const ticker of tickerDefinitions()) await runTicker(ticker);
  let progress = true;
  // Round-robin so one busy queue cannot starve the others within the budget.
  while (progress && left > 0 && Date.now() < deadline) {
    progress = false;
    for (const def of definitions) {
      if (left <= 0 || Date.now() >= deadline) break;
      const r = await runRound(boss, def, left);
      left -= r.fetched;
      report[def.name]!.processed += r.processed;
      report[def.name]!.failed += r.failed;
      if (r.fetched > 0) progress = true;
    }
  }
  return report;
}
