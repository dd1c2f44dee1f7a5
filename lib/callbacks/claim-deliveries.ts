import { db } from "../db";
import { rawQuery } from "../db/sql";
import type { DeliveryJob } from "./deliver-job";
import type { Claimed } from "./delivery-outcome";

// Rows already written (retries, replays, the sweeper's jobs) are claimed with a lease:
// concurrent workers skip each other's rows, and rows of a worker that died become claimable
// again when the lease runs out.
const CLAIM = `UPDATE callback_deliveries d SET locked_until = now() + make_interval(secs => $3)
  WHERE d.business_id = $1 AND d.id = ANY($2::uuid[]) AND d.status = 'pending'
    AND d.next_attempt_at <= now() AND (d.locked_until IS NULL OR d.locked_until < now())
  RETURNING d.id, d.endpoint_id, d.event_type, d.payload::text AS body, d.attempts, d.step`;

export function claimDue(job: DeliveryJob, leaseSeconds: number): Promise<Claimed[]> {
  return rawQuery<Claimed>(db(), CLAIM, [job.businessId, job.ids, leaseSeconds]);
}

// A job's carried deliveries, minus those whose row exists already (a run before this one
// wrote them: they are the rows' business now), with each body in jsonb's text form: the
// first attempt then sends exactly what a retry, read back from the row, will send. Each id
// is looked up by primary key (LATERAL ... OFFSET 0), whatever the table's size.
const TAKE = `SELECT k.id, k.body::jsonb::text AS body FROM unnest($2::uuid[], $3::text[]) AS k(id, body)
  LEFT JOIN LATERAL (SELECT id FROM callback_deliveries WHERE id = k.id AND business_id = $1 OFFSET 0) d ON true
  WHERE d.id IS NULL`;

export async function takeCarried(job: DeliveryJob): Promise<Claimed[]> {
  const carried = job.carried ?? [];
  if (carried.length === 0) return [];
  const rows = await rawQuery<{ id: string; body: string }>(db(), TAKE, [
    job.businessId,
    carried.map((c) => c.id),
    carried.map((c) => c.body),
  ]);
  const byId = new Map(carried.map((c) => [c.id, c]));
  return rows.map((r) => {
    const c = byId.get(r.id)!;
    return {
      id: c.id,
      endpoint_id: c.endpointId,
      event_type: c.event,
      subject_id: c.subjectId,
      body: r.body,
      attempts: 0,
      step: 0,
    };
  });
}
