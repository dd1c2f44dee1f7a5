import type { z } from "zod";
import bossPlans from "pg-boss/src/plans.js";
import type { Executor } from "../db/pool";
import { rawQuery } from "../db/sql";
import { boss as currentBoss } from "./boss";
import { ensureQueue } from "./ensure-queues";
import { checkPayload } from "./job-payload";
import { BOSS_SCHEMA, type QueueHandle, type QueueOptions, type SendOptions } from "./queue-types";
import { wakeWhenCommitted } from "./queue-wakers";

/**
 * Declares a queue: the handle enqueues (send, sendMany, or `jobsInsert` inside a
 * lib/db/write-statement.ts statement). Declaring registers nothing: lib/wiring.ts gives the
 * queue its handler with registerQueue (lib/jobs/registered-queues.ts), so a handler may enqueue
 * on its own queue without the two modules importing each other.
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
