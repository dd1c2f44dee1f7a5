import type PgBoss from "pg-boss";
import { log } from "../log";
import { checkPayload } from "./job-payload";
import type { AnyDefinition, JobInfo } from "./queue-types";

/** What a handler is told of the job it runs. */
export const infoOf = (def: AnyDefinition, job: PgBoss.JobWithMetadata<object>): JobInfo => ({
  id: job.id,
  queue: def.name,
  retryCount: job.retryCount,
});

/** Runs one job and completes or fails it. */
export async function runJob(
  boss: PgBoss,
  def: AnyDefinition,
  job: PgBoss.JobWithMetadata<object>,
): Promise<void> {
  try {
    await def.handler(checkPayload(def, job.data), infoOf(def, job));
  } catch (err) {
    log.error({ err, queue: def.name, jobId: job.id }, "job failed");
    await boss.fail(def.name, job.id, { message: err instanceof Error ? err.message : String(err) });
    return;
  }
  await boss.complete(def.name, job.id);
}

/** Runs a queue's housekeeping; a failure is logged, never thrown into the loop or the drain. */
export async function runMaintenance(def: AnyDefinition): Promise<void> {
  try {
    await def.maintenance?.run();
  } catch (err) {
    log.error({ err, queue: def.name }, "queue maintenance failed");
  }
}
