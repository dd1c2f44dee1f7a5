import { db } from "../db";
import { rawQuery } from "../db/sql";
import type { DeliveryJob } from "./deliver-job";
import type { Claimed } from "./delivery-outcome";

// A body is its payload's JSON.stringify, the payload read from jsonb (the row's, or the job's
// for a carried delivery): the same key order and so the same bytes on every attempt.
type Row = Omit<Claimed, "body"> & { payload: unknown };
const withBody = ({ payload, ...r }: Row): Claimed => ({ ...r, body: JSON.stringify(payload) });

// Rows already written (retries, replays, the sweeper's jobs) are claimed with a lease:
// concurrent workers skip each other's rows, and rows of a worker that died become claimable
// again when the lease runs out.
const CLAIM = `UPDATE callback_deliveries d SET locked_until = now() + make_interval(secs => $3)
  WHERE d.business_id = $1 AND d.id = ANY($2::uuid[]) AND d.status = 'pending'
    AND d.next_attempt_at <= now() AND (d.locked_until IS NULL OR d.locked_until < now())
  RETURNING d.id, d.endpoint_id, d.event_type, d.payload, d.attempts, d.step`;

export async function claimDue(job: DeliveryJob, leaseSeconds: number): Promise<Claimed[]> {
  return (await rawQuery<Row>(db(), CLAIM, [job.businessId, job.ids, leaseSeconds])).map(withBody);
}

// The ids among a job's carried deliveries whose row exists already: a previous run of the
// job wrote them, and they are their rows' business now. Each id is a primary-key probe
// (LATERAL ... OFFSET 0), whatever the table's size.
const WRITTEN = `SELECT d.id FROM unnest($2::uuid[]) AS k(id)
  CROSS JOIN LATERAL (SELECT id FROM callback_deliveries WHERE id = k.id AND business_id = $1 OFFSET 0) d`;

/**
 * A job's carried deliveries, to send. A first run takes them all without a query (a delivery
 * written meanwhile by a concurrent run is not written twice: recordFirstOutcomes); a later
 * run leaves out those a previous run wrote.
 */
export async function takeCarried(job: DeliveryJob, firstRun: boolean): Promise<Claimed[]> {
  let carried = job.carried ?? [];
  if (!firstRun && carried.length > 0) {
    const written = await rawQuery<{ id: string }>(db(), WRITTEN, [job.businessId, carried.map((c) => c.id)]);
    const done = new Set(written.map((r) => r.id));
    carried = carried.filter((c) => !done.has(c.id));
  }
  return carried.map((c) =>
    withBody({
      id: c.id,
      endpoint_id: c.endpointId,
      event_type: c.event,
      subject_id: c.subjectId,
      payload: c.payload,
      attempts: 0,
      step: 0,
    }),
  );
}
