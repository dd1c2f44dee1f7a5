import type PgBoss from "pg-boss";
import { z } from "zod";
import bossPlans from "pg-boss/src/plans.js";
import type { Executor } from "../db/pool";
import { env } from "../env";
import { log } from "../log";
import { boss as currentBoss } from "./boss";
import { afterCommit, rawQuery } from "../db/sql";
import type { JobInsert } from "../db/write-statement";
import { runtimeSlot } from "../runtime";
import { runTicker, startTicker, tickerDefinitions } from "./tickers";

/** pg-boss's schema, as configured in lib/jobs/boss.ts. */
const BOSS_SCHEMA = "pgboss";

/** `retryCount` is 0 on a job's first run (pg-boss counts the runs after it). */
export type JobInfo = { id: string; queue: string; retryCount: number };

/** A queue's name and options: what enqueuing needs, known where the queue is declared. */
export type QueueOptions = {
  name: string;
  /**
   * The job's payload (zod, the one source of its type): checked when a job is enqueued and
   * again when it runs, so a job written by another version of the code fails with a reason
   * instead of reaching a handler that reads it wrong.
   */
  payload: z.ZodType<object>;
  /** The payload's version: bumped when its shape changes, named when a job does not match. */
  version: number;
  /** Jobs fetched per round of the fetch loop (docs/architecture.md: pg-boss wants big batches). */
  batchSize?: number;
  /** Jobs of one round handled at the same time. */
  concurrency?: number;
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  /** A job active longer than this is considered lost (worker died) and retried. */
  expireInSeconds?: number;
};

/**
 * Rows born leased to a job (`leased`, e.g. DispatchJob) belong to it on its first run only: a
 * run after a failure may follow a send already made, so it claims like any other job.
 */
export function leasedOnFirstRun<T extends { leased?: boolean }>(data: T, job: JobInfo): T {
  return data.leased && job.retryCount > 0 ? { ...data, leased: false } : data;
}

/**
 * The rows of a job over `ids`: on a `leased` job, those `own` returns (rows born leased to it,
 * taken without a write), then `claim` for the rest (a write per row, with a lease).
 */
export async function ownThenClaim<R extends { id: string }>(
  job: { ids: string[]; leased?: boolean },
  own: (ids: string[]) => Promise<R[]>,
  claim: (ids: string[]) => Promise<R[]>,
): Promise<R[]> {
  const owned = job.leased ? await own(job.ids) : [];
  if (owned.length === job.ids.length) return owned;
  const mine = new Set(owned.map((r) => r.id));
  return [...owned, ...(await claim(job.ids.filter((id) => !mine.has(id))))];
}

/**
 * Runs `work` while calling `renew` every quarter of `leaseSeconds`: a job keeps the rows it
 * leased for as long as it works on them, however long its sending takes (the sweepers hand
 * rows whose lease ran out to another job, which would send them too). A failed renewal is
 * logged; the next one tries again.
 */
export async function keepingLease<T>(
  leaseSeconds: number,
  renew: () => Promise<unknown>,
  work: () => Promise<T>,
): Promise<T> {
  const timer = setInterval(
    () => void renew().catch((err: unknown) => log.error({ err }, "could not renew a lease")),
    (leaseSeconds * 1000) / 4,
  );
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}

/** Handles one job. Throwing fails the job; pg-boss retries it per the queue's options. */
export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

/** Housekeeping run by the fetch loop every `everyMs` and once per drain (e.g. re-enqueue stranded work). */
export type QueueMaintenance = { everyMs: number; run: () => Promise<unknown> };

/** A registered queue: its options, handler and housekeeping (lib/wiring.ts registers them). */
export type QueueDefinition<T> = QueueOptions & { handler: JobHandler<T>; maintenance?: QueueMaintenance };

/** `startAfterSeconds` counts on the database clock, the same clock our rows use. */
export type SendOptions = { startAfterSeconds?: number };

export type QueueHandle<T> = JobInsert<{ data: T } & SendOptions> & {
  name: string;
  options: QueueOptions;
  /** Enqueues one job through `executor`, so it commits or rolls back with the caller's rows. */
  send(executor: Executor, data: T, opts?: SendOptions): Promise<string>;
  /** Enqueues many jobs in one statement. */
  sendMany(executor: Executor, jobs: Array<{ data: T } & SendOptions>): Promise<void>;
};

type AnyDefinition = QueueDefinition<never>;
declare module "../runtime" {
  interface Runtime {
    /** The job queues declared in this process (declareQueue), by name. */
    queues: Map<string, AnyDefinition>;
    /**
     * What wakes this process's fetch loop of a queue, by name: shared, so a job enqueued by the
     * dashboard's copy of this module (a server action) wakes the loop the server started.
     */
    queueWakers: Map<string, () => void>;
  }
}
const definitions = runtimeSlot("queues", () => new Map());
const ensured = new Set<string>();

/**
 * Declares a queue: the handle enqueues (send, sendMany, or `jobsInsert` inside a
 * lib/db/write-statement.ts statement). Declaring registers nothing: lib/wiring.ts gives the
 * queue its handler with registerQueue, so a handler may enqueue on its own queue without the
 * two modules importing each other.
 */
export function declareQueue<S extends z.ZodType<object>>(
  options: QueueOptions & { payload: S },
): QueueHandle<z.infer<S>> {
  return {
    name: options.name,
    options,
    async send(executor, data, opts = {}) {
      checkPayload(options, data);
      await ensureQueue(executor, options);
      const id = await currentBoss().send(options.name, data, {
        startAfter: opts.startAfterSeconds || undefined,
        db: bossDb(executor),
      });
      // pg-boss answers null instead of failing when the queue does not exist.
      if (!id) throw new Error(`job queue ${options.name} refused the job`);
      wakeWhenCommitted(executor, options.name, [opts]);
      return id;
    },
    async sendMany(executor, jobs) {
      if (jobs.length === 0) return;
      for (const j of jobs) checkPayload(options, j.data);
      await ensureQueue(executor, options);
      await currentBoss().insert(bossJobs(options.name, jobs), { db: bossDb(executor) });
      wakeWhenCommitted(executor, options.name, jobs);
    },
    jobsInserted(executor, jobs) {
      wakeWhenCommitted(executor, options.name, jobs);
    },
    async jobsInsert(executor, jobs) {
      for (const j of jobs) checkPayload(options, j.data);
      await ensureQueue(executor, options);
      return {
        text: insertJobsText(),
        // Its parameters: the jobs, then the constructor's defaults, which lib/jobs/boss.ts
        // leaves unset (the queue's own options apply).
        values: [JSON.stringify(bossJobs(options.name, jobs)), null, null, null, null, null],
      };
    },
  };
}

/**
 * The job's data as its queue's payload says, or an error naming the queue, its version and
 * what does not match (a programming error when enqueuing; a job of another version when run).
 */
function checkPayload<T>(options: QueueOptions, data: unknown): T {
  const r = options.payload.safeParse(data);
  if (!r.success)
    throw new Error(
      `a job of ${options.name} (payload v${options.version}) does not match: ${z.prettifyError(r.error)}`,
    );
  return r.data as T;
}

/** Gives a declared queue its handler (and housekeeping): its jobs are worked from now on. */
export function registerQueue<T extends object>(
  queue: QueueHandle<T>,
  handler: JobHandler<T>,
  maintenance?: QueueMaintenance,
): void {
  const def: QueueDefinition<T> = { ...queue.options, handler, maintenance };
  definitions.set(queue.name, def as unknown as AnyDefinition);
}

/** pg-boss's `db` option: its statements run inside our transaction (docs/architecture.md rule 6). */
function bossDb(executor: Executor): {
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
} {
  return { executeSql: async (text, values) => ({ rows: await rawQuery(executor, text, values ?? []) }) };
}

let insertJobs: string | undefined;
/** pg-boss's own multi-job INSERT (what boss.insert runs), so embedding it cannot drift. */
const insertJobsText = (): string => (insertJobs ??= bossPlans.insertJobs(BOSS_SCHEMA));

function bossJobs(name: string, jobs: Array<{ data: object } & SendOptions>) {
  return jobs.map((j) => ({
    name,
    data: j.data,
    startAfter: j.startAfterSeconds ? `${j.startAfterSeconds} seconds` : undefined,
  }));
}

export function queueDefinitions(): AnyDefinition[] {
  return [...definitions.values()];
}

function queueOptions(def: QueueOptions) {
  return {
    policy: "standard",
    retryLimit: def.retryLimit ?? 5,
    retryDelay: def.retryDelay ?? 10,
    retryBackoff: def.retryBackoff ?? true,
    expireInSeconds: def.expireInSeconds ?? 900,
  };
}

/**
 * Creates the queue (once per process) through `executor`: pg-boss drops jobs for unknown
 * queues, and the creation commits or rolls back with the caller's rows.
 */
async function ensureQueue(executor: Executor, def: QueueOptions): Promise<void> {
  const name = def.name;
  if (ensured.has(name)) return;
  const found = await rawQuery(executor, `SELECT 1 FROM ${BOSS_SCHEMA}.queue WHERE name = $1`, [name]);
  if (found.length > 0) {
    ensured.add(name);
    return;
  }
  // Not remembered as ensured: the caller's transaction may still roll the creation back.
  await rawQuery(executor, `SELECT ${BOSS_SCHEMA}.create_queue($1, $2)`, [
    name,
    JSON.stringify(queueOptions(def)),
  ]);
}

/** Forgets which queues exist (a process that moves to another database: the test setup). */
export function forgetEnsuredQueues(): void {
  ensured.clear();
}

/** Creates every registered queue; server.ts calls it on start for every role. */
export async function ensureQueues(boss: PgBoss): Promise<void> {
  for (const def of definitions.values()) {
    if (ensured.has(def.name)) continue;
    // Two instances starting together can deadlock inside pg-boss's create_queue (it creates a
    // partition and inserts the queue row); the loser retries and finds the queue there.
    for (let attempt = 1; ; attempt++) {
      try {
        await boss.createQueue(def.name, { name: def.name, ...queueOptions(def), policy: "standard" });
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== "40P01" || attempt >= 5) throw err;
        await new Promise((r) => setTimeout(r, 50 * attempt + Math.random() * 100));
      }
    }
    ensured.add(def.name);
  }
}

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
  for (const def of definitions.values()) report[def.name] = { processed: 0, failed: 0 };
  for (const def of definitions.values()) {
    if (def.maintenance) await runMaintenance(def);
  }
  for (const ticker of tickerDefinitions()) await runTicker(ticker);
  let progress = true;
  // Round-robin so one busy queue cannot starve the others within the budget.
  while (progress && left > 0 && Date.now() < deadline) {
    progress = false;
    for (const def of definitions.values()) {
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

async function runMaintenance(def: AnyDefinition): Promise<void> {
  try {
    await def.maintenance?.run();
  } catch (err) {
    log.error({ err, queue: def.name }, "queue maintenance failed");
  }
}

const infoOf = (def: AnyDefinition, job: PgBoss.JobWithMetadata<object>): JobInfo => ({
  id: job.id,
  queue: def.name,
  retryCount: job.retryCount,
});

type Loop = { stop: () => Promise<void>; lastTick: () => number };
const loops: Loop[] = [];
const wakers = runtimeSlot("queueWakers", () => new Map());

/**
 * Wakes this process's loop of `queue` once the jobs just enqueued through `executor` commit,
 * so a job enqueued here runs at once rather than at the loop's next poll (JOBS_POLL_INTERVAL_MS
 * still paces what other processes enqueue). Jobs that start later wake nothing.
 */
function wakeWhenCommitted(executor: Executor, queue: string, jobs: SendOptions[]): void {
  const wake = wakers.get(queue);
  if (wake && jobs.some((j) => !j.startAfterSeconds)) afterCommit(executor, wake);
}

/** A fetch loop that has not come round for this long is hung (its heartbeat stops). */
const LOOP_HUNG_MS = 60_000;

/** Whether this process runs fetch loops and every one of them came round lately. */
export function workersAlive(now = Date.now()): boolean {
  return loops.length > 0 && loops.every((l) => now - l.lastTick() < LOOP_HUNG_MS);
}

/** Runs one job and completes or fails it. */
async function runJob(boss: PgBoss, def: AnyDefinition, job: PgBoss.JobWithMetadata<object>): Promise<void> {
  try {
    await def.handler(checkPayload(def, job.data), infoOf(def, job));
  } catch (err) {
    log.error({ err, queue: def.name, jobId: job.id }, "job failed");
    await boss.fail(def.name, job.id, { message: err instanceof Error ? err.message : String(err) });
    return;
  }
  await boss.complete(def.name, job.id);
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
  wakers.set(def.name, nudge);
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
      if (wakers.get(def.name) === nudge) wakers.delete(def.name);
      nudge();
      await done;
    },
  };
}

/** Starts the fetch loops of every defined queue, and the tickers (lib/jobs/tickers.ts). */
export async function startWorkers(boss: PgBoss): Promise<void> {
  await ensureQueues(boss);
  for (const def of definitions.values()) loops.push(startLoop(boss, def));
  for (const ticker of tickerDefinitions()) loops.push(startTicker(ticker));
  boss.once("stopped", () => void stopWorkers());
  log.info(
    { queues: [...definitions.keys()], tickers: tickerDefinitions().map((t) => t.name) },
    "workers started",
  );
}

/** Lets the in-flight rounds (and tickers' rounds) finish, then stops the loops. Call before stopping pg-boss. */
export async function stopWorkers(): Promise<void> {
  const current = loops.splice(0);
  await Promise.all(current.map((l) => l.stop()));
}
