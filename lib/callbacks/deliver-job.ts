import type { RowOf } from "../db/row-of";
import type { callbackDeliveries } from "@/db/schema";
import { z } from "zod";
import type { Executor } from "../db/pool";
import { db } from "../db/pool";
import { env } from "../env";
import { rawQuery } from "../db/sql";
import { uuidv7Floor, uuidv7Ms } from "../ids";
import { readSweepMark, writeSweepMark } from "../jobs/sweep-marks";
import { chunkQueueOptions } from "../jobs/chunk-queue-options";
import { declareQueue } from "../jobs/declare-queue";

/** Deliveries per job: pg-boss slows with a per-message backlog (docs/architecture.md), so jobs carry chunks. */
export const DELIVERY_CHUNK = 500;

export const DeliveryJob = z.object({
  businessId: z.uuid(),
  ids: z.array(z.uuid()).max(DELIVERY_CHUNK),
  /**
   * The rows were inserted already leased to this job (enqueueCallbacks): while that lease
   * lasts, the job owns them without a claim write (processDeliveries).
   */
  leased: z.boolean().optional(),
});
export type DeliveryJob = z.infer<typeof DeliveryJob>;

/** Its handler, processDeliveries, retries on this queue: lib/wiring.ts registers it. */
export const deliveryQueue = declareQueue({
  name: "callbacks.deliver",
  payload: DeliveryJob,
  version: 1,
  // Each job is a chunk of up to 500 deliveries; a few chunks at once keep
  // CALLBACK_CONCURRENCY requests in flight without fetching far ahead of what can be sent.
  ...chunkQueueOptions,
  // Longer than the lease: a job still running is not retried behind its own back.
  expireInSeconds: 600,
});

/** How often the delivery queue's housekeeping runs requeueStranded (lib/wiring.ts). */
export const REQUEUE_STRANDED_EVERY_MS = 60_000;

/**
 * The delay of the backstop job queued with a delivery that is also attempted inline (a test
 * event, a replay): past the inline attempt's longest wait, so the job, woken the moment its
 * transaction commits (lib/jobs/fetch-loop.ts), does not take the row's lease first and leave the
 * dashboard's answer "pending". Should the process die mid-attempt, the job still sends it.
 */
export const inlineAttemptBackstopSeconds = () => Math.ceil(env().CALLBACK_TIMEOUT_MS / 1000) + 1;

/** Enqueues the jobs for `ids` (one per chunk), due after `delaySeconds` on the database clock. */
export async function enqueueDeliveryJobs(
  executor: Executor,
  businessId: string,
  ids: string[],
  delaySeconds = 0,
): Promise<void> {
  await deliveryQueue.sendMany(executor, deliveryJobs(businessId, ids, delaySeconds));
}

/** The delivery jobs for `ids`: one per chunk of DELIVERY_CHUNK, due after `delaySeconds`. */
export function deliveryJobs(
  businessId: string,
  ids: string[],
  delaySeconds = 0,
  /** The rows are inserted leased to these jobs (see DeliveryJob.leased). */
  leased = false,
): Array<{ data: DeliveryJob; startAfterSeconds: number }> {
  const jobs: Array<{ data: DeliveryJob; startAfterSeconds: number }> = [];
  for (let i = 0; i < ids.length; i += DELIVERY_CHUNK) {
    const chunk = ids.slice(i, i + DELIVERY_CHUNK);
    jobs.push({
      data: leased ? { businessId, ids: chunk, leased } : { businessId, ids: chunk },
      startAfterSeconds: delaySeconds,
    });
  }
  return jobs;
}

/**
 * Safety net for deliveries whose job is gone while they still wait (a worker killed mid-send
 * and its job given up, a job deleted by hand): pending rows overdue by more than a lease and
 * not leased get new jobs. Duplicate jobs are harmless: the lease lets one of them send.
 * Deliveries waiting for a retry or a replay are found through the due index; new ones
 * (next_attempt_at NULL, due since they were made) by id from the sweeper's mark onwards: no
 * index tells a new delivery from a delivered one, so that the outcome write stays HOT.
 */
export async function requeueStranded(limit = 5_000): Promise<number> {
  const lease = env().CALLBACK_LEASE_SECONDS;
  const due = await rawQuery<{ business_id: string; id: string }>(
    db(),
    `SELECT business_id, id FROM callback_deliveries
     WHERE next_attempt_at < now() - make_interval(secs => $1) AND status = 'pending'
       AND (locked_until IS NULL OR locked_until < now())
     ORDER BY next_attempt_at LIMIT $2`,
    [lease, limit],
  );
  const stranded = [...due, ...(await strandedNew(lease, limit))];
  const byBusiness = new Map<string, string[]>();
  for (const r of stranded) {
    const ids = byBusiness.get(r.business_id);
    if (ids) ids.push(r.id);
    else byBusiness.set(r.business_id, [r.id]);
  }
  for (const [businessId, ids] of byBusiness) await enqueueDeliveryJobs(db(), businessId, ids);
  return stranded.length;
}

const NEW_DELIVERIES_MARK = "callbacks.new-deliveries";

// Pending new deliveries (due since they were made) in the sweep's window of ids.
const NEW_PENDING = `id >= $1::uuid AND id < $2::uuid AND status = 'pending' AND next_attempt_at IS NULL`;

/**
 * New deliveries made before the last lease, still pending and not leased, from the mark
 * onwards in id order. The mark moves up to the first one still pending, or to the end of the
 * window.
 */
async function strandedNew(
  lease: number,
  limit: number,
): Promise<Array<{ business_id: string; id: string }>> {
  const { from, now } = await readSweepMark(db(), NEW_DELIVERIES_MARK);
  const until = now.getTime() - lease * 1000;
  if (until <= from.getTime()) return [];
  const window = [uuidv7Floor(from.getTime()), uuidv7Floor(until)];
  const stranded = await rawQuery<{ business_id: string; id: string }>(
    db(),
    `SELECT business_id, id FROM callback_deliveries
     WHERE ${NEW_PENDING} AND (locked_until IS NULL OR locked_until < now()) ORDER BY id LIMIT $3`,
    [...window, limit],
  );
  const [first] = await rawQuery<Pick<RowOf<typeof callbackDeliveries>, "id">>(
    db(),
    `SELECT id FROM callback_deliveries WHERE ${NEW_PENDING} ORDER BY id LIMIT 1`,
    window,
  );
  await writeSweepMark(db(), NEW_DELIVERIES_MARK, new Date(first ? uuidv7Ms(first.id) : until));
  return stranded;
}
