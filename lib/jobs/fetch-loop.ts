import type PgBoss from "pg-boss";
import { env } from "../env";
import { log } from "../log";
import { ensureQueues } from "./ensure-queues";
import type { AnyDefinition } from "./queue-types";
import { clearQueueWaker, setQueueWaker } from "./queue-wakers";
import { queueDefinitions } from "./registered-queues";
import { runJob, runMaintenance } from "./run-job";
import { startTicker, tickerDefinitions } from "./tickers";

type Loop = { stop: () => Promise<void>; lastTick: () => number };
const loops: Loop[] = [];

/** A fetch loop that has not come round for this long is hung (its heartbeat stops). */
const LOOP_HUNG_MS = 60_000;

/** Whether this process runs fetch loops and every one of them came round lately. */
export function workersAlive(now = Date.now()): boolean {
  return loops.length > 0 && loops.every((l) => now - l.lastTick() < LOOP_HUNG_MS);
}

/**
 * One fetch loop per queue, keeping up to `concurrency` jobs running: it fetches as soon as a
 * slot is free (pg-boss's own `work` waits its polling interval between fetches even when busy,
 * and waits for a whole batch before fetching again), and sleeps the poll interval only when
 * the queue is empty or every slot is taken (a finishing job wakes it, and so does a job enqueued
 * in this process once it commits: wakeWhenCommitted).
 */
function startLoop(boss: PgBoss, def: AnyDefinition): Loop {
  let running = true;
  let wake: (() => void) | undefined;
  // A nudge while the loop is not asleep (fetching, say, as the jobs commit) is kept: the next
  // sleep returns at once, so the fetch that missed those jobs is followed by one that sees them.
  let nudged = false;
  const nudge = () => {
    const w = wake;
    wake = undefined;
    if (w) w();
    else nudged = true;
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (nudged) {
        nudged = false;
        resolve();
        return;
      }
      const t = setTimeout(() => {
        wake = undefined;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(t);
        resolve();
      };
    });
  setQueueWaker(def.name, nudge);
  const slots = Math.max(1, def.concurrency ?? def.batchSize ?? 10);
  const inFlight = new Set<Promise<void>>();
  let lastMaintenance = Date.now();
  let tick = Date.now();
  const done = (async () => {
    while (running) {
      tick = Date.now();
      if (def.maintenance && Date.now() - lastMaintenance >= def.maintenance.everyMs) {
        lastMaintenance = Date.now();
        await runMaintenance(def);
      }
      const free = slots - inFlight.size;
      let fetched = 0;
      if (free > 0) {
        try {
          const jobs = await boss.fetch<object>(def.name, {
            batchSize: Math.min(free, def.batchSize ?? 10),
            includeMetadata: true,
          });
          fetched = jobs.length;
          for (const job of jobs) {
            const p: Promise<void> = runJob(boss, def, job)
              .catch((err: unknown) =>
                log.error({ err, queue: def.name, jobId: job.id }, "job bookkeeping failed"),
              )
              .finally(() => {
                inFlight.delete(p);
                nudge();
              });
            inFlight.add(p);
          }
        } catch (err) {
          log.error({ err, queue: def.name }, "job fetch failed");
        }
      }
      if (running && (fetched === 0 || inFlight.size >= slots)) await sleep(env().JOBS_POLL_INTERVAL_MS);
    }
    await Promise.all(inFlight);
  })();
  return {
    lastTick: () => tick,
    stop: async () => {
      running = false;
      clearQueueWaker(def.name, nudge);
      nudge();
      await done;
    },
  };
}

/** Starts the fetch loops of every defined queue, and the tickers (lib/jobs/tickers.ts). */
export async function startWorkers(boss: PgBoss): Promise<void> {
  await ensureQueues(boss);
  for (const def of queueDefinitions()) loops.push(startLoop(boss, def));
  for (const ticker of tickerDefinitions()) loops.push(startTicker(ticker));
  boss.once("stopped", () => void stopWorkers());
  log.info(
    { queues: queueDefinitions().map((d) => d.name), tickers: tickerDefinitions().map((t) => t.name) },
    "workers started",
  );
}

/** Lets the in-flight rounds (and tickers' rounds) finish, then stops the loops. Call before stopping pg-boss. */
export async function stopWorkers(): Promise<void> {
  const current = loops.splice(0);
  await Promise.all(current.map((l) => l.stop()));
}
