import type PgBoss from "pg-boss";
import bossPlans from "pg-boss/src/plans.js";
import type { Executor } from "../db";
import { env } from "../env";
import { log } from "../log";
import { boss as currentBoss } from "./boss";
import { bossDb, rawQuery } from "./raw-sql";

/** pg-boss's schema, as configured in lib/jobs/boss.ts. */
const BOSS_SCHEMA = "pgboss";

export type JobInfo = { id: string; queue: string };

export type QueueDefinition<T> = {
  name: string;
  /** Handles one job. Throwing fails the job; pg-boss retries it per the queue's options. */
  handler: (data: T, job: JobInfo) => Promise<void>;
  /** Jobs fetched per round of the fetch loop (DESIGN.md: pg-boss wants big batches). */
  batchSize?: number;
  /** Jobs of one round handled at the same time. */
  concurrency?: number;
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  /** A job active longer than this is considered lost (worker died) and retried. */
  expireInSeconds?: number;
  /** Housekeeping run by the fetch loop every `everyMs` and once per drain (e.g. re-enqueue stranded work). */
  maintenance?: { everyMs: number; run: () => Promise<unknown> };
};

/** `startAfterSeconds` counts on the database clock, the same clock our rows use. */
export type SendOptions = { startAfterSeconds?: number };

export type QueueHandle<T> = {
  name: string;
  /** Enqueues one job through `executor`, so it commits or rolls back with the caller's rows. */
  send(executor: Executor, data: T, opts?: SendOptions): Promise<string>;
  /** Enqueues many jobs in one statement. */
  sendMany(executor: Executor, jobs: Array<{ data: T } & SendOptions>): Promise<void>;
  /**
   * The same insert as an SQL fragment to embed in the caller's own statement (a CTE), its
   * parameters numbered from `firstParam`: the caller's rows and their jobs then commit in one
   * statement, one round trip (the send path's group commit).
   */
  insertSql(
    executor: Executor,
    jobs: Array<{ data: T } & SendOptions>,
    firstParam: number,
  ): Promise<{ text: string; values: unknown[] }>;
};

type AnyDefinition = QueueDefinition<never>;
const g = globalThis as unknown as { __sbQueues?: Map<string, AnyDefinition> };
const definitions: Map<string, AnyDefinition> = (g.__sbQueues ??= new Map());
const ensured = new Set<string>();

/**
 * Declares a queue whose handler enqueues on the queue itself (a retry): the handler's module
 * imports the handle, so the handler is wired apart, in lib/jobs/register-all.ts (handleQueue),
 * and the two modules do not import each other.
 */
export function declareQueue<T extends object>(def: Omit<QueueDefinition<T>, "handler">): QueueHandle<T> {
  return defineQueue<T>({
    ...def,
    handler: async () => {
      throw new Error(`queue ${def.name} has no handler: lib/jobs/register-all.ts wires it`);
    },
  });
}

/** Sets the handler (and housekeeping) of a queue declared with declareQueue. */
export function handleQueue<T extends object>(
  queue: QueueHandle<T>,
  handler: QueueDefinition<T>["handler"],
  maintenance?: QueueDefinition<T>["maintenance"],
): void {
  const def = definitions.get(queue.name) as QueueDefinition<T> | undefined;
  if (!def) throw new Error(`queue ${queue.name} is not declared`);
  def.handler = handler;
  if (maintenance) def.maintenance = maintenance;
}

/** Declares a queue and its handler; the returned handle enqueues jobs. */
export function defineQueue<T extends object>(def: QueueDefinition<T>): QueueHandle<T> {
  definitions.set(def.name, def as unknown as AnyDefinition);
  return {
    name: def.name,
    async send(executor, data, opts = {}) {
      await ensureQueue(executor, def.name);
      const id = await currentBoss().send(def.name, data, {
        startAfter: opts.startAfterSeconds || undefined,
        db: bossDb(executor),
      });
      // pg-boss answers null instead of failing when the queue does not exist.
      if (!id) throw new Error(`job queue ${def.name} refused the job`);
      return id;
    },
    async sendMany(executor, jobs) {
      if (jobs.length === 0) return;
      await ensureQueue(executor, def.name);
      await currentBoss().insert(bossJobs(def.name, jobs), { db: bossDb(executor) });
    },
    async insertSql(executor, jobs, firstParam) {
      await ensureQueue(executor, def.name);
      return {
        text: bossInsertJobs(firstParam),
        // pg-boss's insert parameters: the jobs, then the constructor's defaults, which
        // lib/jobs/boss.ts leaves unset (the queue's own options apply).
        values: [JSON.stringify(bossJobs(def.name, jobs)), null, null, null, null, null],
      };
    },
  };
}

function bossJobs(name: string, jobs: Array<{ data: object } & SendOptions>) {
  return jobs.map((j) => ({
    name,
    data: j.data,
    startAfter: j.startAfterSeconds ? `${j.startAfterSeconds} seconds` : undefined,
  }));
}

const insertJobsText = new Map<number, string>();
/**
 * pg-boss's own multi-job INSERT (plans.insertJobs), so embedding it cannot drift from
 * boss.insert, with its parameters renumbered from `firstParam` (built once per numbering: it
 * is on the send path's every commit).
 */
function bossInsertJobs(firstParam: number): string {
  let text = insertJobsText.get(firstParam);
  if (text === undefined) {
    text = bossPlans
      .insertJobs(BOSS_SCHEMA)
      .replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + firstParam - 1}`);
    insertJobsText.set(firstParam, text);
  }
  return text;
}

export function queueDefinitions(): AnyDefinition[] {
  return [...definitions.values()];
}

function queueOptions(def: AnyDefinition) {
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
 * queues, and going through the caller's executor keeps the single-session embedded database
 * from waiting on itself when the caller holds a transaction.
 */
async function ensureQueue(executor: Executor, name: string): Promise<void> {
  if (ensured.has(name)) return;
  const def = definitions.get(name);
  const found = await rawQuery(executor, `SELECT 1 FROM ${BOSS_SCHEMA}.queue WHERE name = $1`, [name]);
  if (found.length > 0) {
    ensured.add(name);
    return;
  }
  // Not remembered as ensured: the caller's transaction may still roll the creation back.
  await rawQuery(executor, `SELECT ${BOSS_SCHEMA}.create_queue($1, $2)`, [
    name,
    JSON.stringify(def ? queueOptions(def) : { policy: "standard" }),
  ]);
}

/** Creates every defined queue; server.ts calls it on start for every role. */
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
  const jobs = await boss.fetch<object>(def.name, { batchSize });
  if (jobs.length === 0) return { fetched: 0, processed: 0, failed: 0 };
  const done: string[] = [];
  const failures: Array<{ id: string; message: string }> = [];
  const concurrency = Math.max(1, def.concurrency ?? jobs.length);
  let next = 0;
  const lane = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      try {
        await def.handler(job.data as never, { id: job.id, queue: def.name });
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

type Loop = { stop: () => Promise<void> };
const loops: Loop[] = [];

/** Runs one job and completes or fails it. */
async function runJob(boss: PgBoss, def: AnyDefinition, job: PgBoss.Job<object>): Promise<void> {
  try {
    await def.handler(job.data as never, { id: job.id, queue: def.name });
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
 * the queue is empty or every slot is taken (a finishing job wakes it).
 */
function startLoop(boss: PgBoss, def: AnyDefinition): Loop {
  let running = true;
  let wake: (() => void) | undefined;
  const nudge = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        wake = undefined;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(t);
        resolve();
      };
    });
  const slots = Math.max(1, def.concurrency ?? def.batchSize ?? 10);
  const inFlight = new Set<Promise<void>>();
  let lastMaintenance = Date.now();
  const done = (async () => {
    while (running) {
      if (def.maintenance && Date.now() - lastMaintenance >= def.maintenance.everyMs) {
        lastMaintenance = Date.now();
        await runMaintenance(def);
      }
      const free = slots - inFlight.size;
      let fetched = 0;
      if (free > 0) {
        try {
          const jobs = await boss.fetch<object>(def.name, { batchSize: Math.min(free, def.batchSize ?? 10) });
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
    stop: async () => {
      running = false;
      nudge();
      await done;
    },
  };
}

/** Starts the fetch loops of every defined queue. */
export async function startWorkers(boss: PgBoss): Promise<void> {
  await ensureQueues(boss);
  for (const def of definitions.values()) loops.push(startLoop(boss, def));
  boss.once("stopped", () => void stopWorkers());
  log.info({ queues: [...definitions.keys()] }, "workers started");
}

/** Lets the in-flight rounds finish, then stops the loops. Call before stopping pg-boss. */
export async function stopWorkers(): Promise<void> {
  const current = loops.splice(0);
  await Promise.all(current.map((l) => l.stop()));
}
