import type { z } from "zod";
import type { Executor } from "../db/pool";
import type { JobInsert } from "../db/write-statement";

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

/** Handles one job. Throwing fails the job; pg-boss retries it per the queue's options. */
export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

/** Housekeeping run by the fetch loop every `everyMs` and once per drain (e.g. re-enqueue stranded work). */
export type QueueMaintenance = { everyMs: number; run: () => Promise<unknown> };

/** A registered queue: its options, handler and housekeeping (lib/wiring.ts registers them). */
export type QueueDefinition<T> = QueueOptions & { handler: JobHandler<T>; maintenance?: QueueMaintenance };

/** Any registered queue, its payload type forgotten (the fetch loop checks it at run time). */
export type AnyDefinition = QueueDefinition<never>;

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

/** pg-boss's schema, as configured in lib/jobs/boss.ts. */
export const BOSS_SCHEMA = "pgboss";
