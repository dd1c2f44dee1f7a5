import { db } from "../db";
import { writeStatement } from "../db/write-statement";
import { deliveryJobs, deliveryQueue } from "./deliver-job";
import {
  ATTEMPT_LOG_MAX,
  outcomeValues,
  retriesByDelay,
  type Claimed,
  type Outcome,
} from "./delivery-outcome";

const retryJobs = (businessId: string, outcomes: Outcome[]) =>
  [...retriesByDelay(outcomes)].flatMap(([delay, ids]) => deliveryJobs(businessId, ids, delay));

/**
 * Records the outcomes of claimed rows in ONE statement (atomic on its own, one round trip):
 * the new states with each attempt appended to its delivery's log, and the retry jobs (one
 * per delay and chunk, due on the DB clock).
 */
export async function recordOutcomes(businessId: string, outcomes: Outcome[]): Promise<void> {
  await writeStatement()
    .with(
      "u",
      `UPDATE callback_deliveries d SET
         status = v.status, attempts = d.attempts + v.tried, step = v.step,
         next_attempt_at = CASE WHEN v.delay IS NULL THEN NULL ELSE now() + make_interval(secs => v.delay) END,
         locked_until = NULL, last_response_code = CASE WHEN v.tried = 1 THEN v.code ELSE d.last_response_code END,
         last_error = v.err, updated_at = now(),
         delivered_at = CASE WHEN v.status = 'delivered' THEN now() ELSE d.delivered_at END,
         attempt_log = CASE
           WHEN v.attempt IS NULL THEN d.attempt_log
           WHEN jsonb_array_length(d.attempt_log) < $3 THEN d.attempt_log || v.attempt
           ELSE (d.attempt_log - 0) || v.attempt END
       FROM json_to_recordset($2::json) AS v(id uuid, status text, tried int, step int, delay int, code int, err text,
         attempt jsonb)
       WHERE d.business_id = $1 AND d.id = v.id`,
      [businessId, JSON.stringify(outcomes.map(outcomeValues)), ATTEMPT_LOG_MAX],
    )
    .jobs(deliveryQueue, retryJobs(businessId, outcomes))
    .run(db());
}

/**
 * Writes carried deliveries (DeliveryJob.carried) once, in the state their first attempt left
 * them, with that attempt in their log, and the retry jobs, in ONE statement. A delivery whose
 * endpoint is gone meanwhile (deleted, with its log) is not written; one written already (a
 * repeated run) is left alone.
 */
export async function recordFirstOutcomes(
  businessId: string,
  rows: Claimed[],
  outcomes: Outcome[],
): Promise<void> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const values = outcomes.map((o) => {
    const r = byId.get(o.id)!;
    return {
      ...outcomeValues(o),
      endpoint: r.endpoint_id,
      event: r.event_type,
      subject: r.subject_id,
      body: r.body,
    };
  });
  await writeStatement()
    .with(
      "i",
      `INSERT INTO callback_deliveries (id, business_id, endpoint_id, event_type, subject_id, payload, status,
         attempts, step, next_attempt_at, last_response_code, last_error, delivered_at, attempt_log)
       SELECT v.id, $1, v.endpoint, v.event, v.subject, v.body::jsonb, v.status, v.tried, v.step,
         CASE WHEN v.delay IS NULL THEN NULL ELSE now() + make_interval(secs => v.delay) END,
         CASE WHEN v.tried = 1 THEN v.code END, v.err,
         CASE WHEN v.status = 'delivered' THEN now() END, coalesce(v.attempt, '[]'::jsonb)
       FROM json_to_recordset($2::json) AS v(id uuid, endpoint uuid, event text, subject text, body text, status text,
         tried int, step int, delay int, code int, err text, attempt jsonb)
       WHERE EXISTS (SELECT 1 FROM callback_endpoints e WHERE e.business_id = $1 AND e.id = v.endpoint)
       ON CONFLICT (id) DO NOTHING`,
      [businessId, JSON.stringify(values)],
    )
    .jobs(deliveryQueue, retryJobs(businessId, outcomes))
    .run(db());
}
