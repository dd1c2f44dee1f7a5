import type { Executor } from "../db";
import { db } from "../db";
import { env } from "../env";
import { rawQuery } from "../db/sql";
import { declareQueue } from "../jobs/workers";

/** Deliveries per job: pg-boss slows with a per-message backlog (DESIGN.md), so jobs carry chunks. */
export const DELIVERY_CHUNK = 500;

/** A new delivery, carried by its first job until its first attempt writes its row. */
export type CarriedDelivery = {
  id: string;
  endpointId: string;
  event: string;
  subjectId: string | null;
  /**
   * The event's payload. Stored in the job's jsonb, it comes back in jsonb's key order, as a
   * retry reads it from the delivery's row: both send its JSON.stringify, the same bytes.
   */
  payload: unknown;
};

/**
 * A chunk of deliveries: rows already written (`ids`: retries, replays, the sweeper's), or new
 * ones `carried` by the job (enqueueCallbacks), whose rows its first attempt writes.
 */
export type DeliveryJob = { businessId: string; ids: string[]; carried?: CarriedDelivery[] };

/** Its handler, processDeliveries, retries on this queue: lib/wiring.ts registers it. */
export const deliveryQueue = declareQueue<DeliveryJob>({
  name: "callbacks.deliver",
  // Each job is a chunk of up to 500 deliveries; a few chunks at once keep
  // CALLBACK_CONCURRENCY requests in flight without fetching far ahead of what can be sent.
  batchSize: 8,
  concurrency: 8,
  retryLimit: 10,
  retryDelay: 5,
  retryBackoff: true,
  // Longer than a chunk can take (500 requests, 64 at a time, 10 s timeout: under 80 s), so a
  // job still running is not retried behind its own back; a job whose worker died is retried
  // after it, which is when a carried chunk's lost first attempts are made again.
  expireInSeconds: 300,
});

/** How often the delivery queue's housekeeping runs requeueStranded (lib/wiring.ts). */
export const REQUEUE_STRANDED_EVERY_MS = 60_000;

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
): Array<{ data: DeliveryJob; startAfterSeconds: number }> {
  return chunks(ids).map((chunk) => ({ data: { businessId, ids: chunk }, startAfterSeconds: delaySeconds }));
}

/** The jobs carrying new deliveries: one per chunk of DELIVERY_CHUNK, due after `delaySeconds`. */
export function carriedDeliveryJobs(
  businessId: string,
  carried: CarriedDelivery[],
  delaySeconds = 0,
): Array<{ data: DeliveryJob; startAfterSeconds: number }> {
  return chunks(carried).map((chunk) => ({
    data: { businessId, ids: chunk.map((c) => c.id), carried: chunk },
    startAfterSeconds: delaySeconds,
  }));
}

function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += DELIVERY_CHUNK) out.push(list.slice(i, i + DELIVERY_CHUNK));
  return out;
}

/**
 * Safety net for deliveries whose job is gone while they still wait (a worker killed mid-send
 * and its job given up, a job deleted by hand): pending rows overdue by more than a lease and
 * not leased get new jobs. Duplicate jobs are harmless: the lease lets one of them send.
 */
export async function requeueStranded(limit = 5_000): Promise<number> {
  const rows = await rawQuery<{ business_id: string; ids: string[] }>(
    db(),
    `SELECT business_id, array_agg(id) AS ids FROM (
       SELECT business_id, id FROM callback_deliveries
       WHERE status = 'pending' AND next_attempt_at < now() - make_interval(secs => $1)
         AND (locked_until IS NULL OR locked_until < now())
       ORDER BY next_attempt_at LIMIT $2
     ) s GROUP BY business_id`,
    [env().CALLBACK_LEASE_SECONDS, limit],
  );
  for (const r of rows) await enqueueDeliveryJobs(db(), r.business_id, r.ids);
  return rows.reduce((n, r) => n + r.ids.length, 0);
}
