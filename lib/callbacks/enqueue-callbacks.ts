import { inTransaction, type Ctx } from "../context";
import { uuidv7 } from "../ids";
import { rawQuery } from "../jobs/raw-sql";
import { enqueueDeliveryJobs } from "./deliver-job";
import { retrySchedule } from "./retry-schedule";
import { optInEventTypes, type CallbackEvent, type CallbackEventType } from "./schemas";

export type EnqueueResult = { deliveryIds: string[] };

/**
 * Queues `events` for every enabled endpoint of the business subscribed to their type (an
 * empty list is every type but the opt-in ones, which must be listed): the
 * delivery rows (one INSERT for all of them) and their jobs (one per chunk of 500) are written
 * through ctx.db, so they commit or roll back with the caller's own rows (DESIGN.md rule 6).
 * With no matching endpoint nothing is written.
 */
export async function enqueueCallbacks(
  ctx: Ctx,
  businessId: string,
  events: CallbackEvent[],
): Promise<EnqueueResult> {
  if (events.length === 0) return { deliveryIds: [] };
  return inTransaction(ctx, async (tx) => {
    const endpoints = await rawQuery<{ id: string; events: string[] }>(
      tx.db,
      `SELECT id, events FROM callback_endpoints WHERE business_id = $1 AND enabled`,
      [businessId],
    );
    if (endpoints.length === 0) return { deliveryIds: [] };
    const ids: string[] = [];
    const endpointIds: string[] = [];
    const types: string[] = [];
    const subjects: Array<string | null> = [];
    const payloads: string[] = [];
    for (const e of events) {
      const payload = JSON.stringify(e.payload);
      const subject = e.subjectId ?? defaultSubject(e);
      for (const ep of endpoints) {
        if (!subscribed(ep.events, e.event)) continue;
        ids.push(uuidv7());
        endpointIds.push(ep.id);
        types.push(e.event);
        subjects.push(subject);
        payloads.push(payload);
      }
    }
    if (ids.length === 0) return { deliveryIds: [] };
    const firstDelay = retrySchedule()[0] ?? 0;
    await rawQuery(
      tx.db,
      `INSERT INTO callback_deliveries (id, business_id, endpoint_id, event_type, subject_id, payload, next_attempt_at)
       SELECT v.id, $1, v.endpoint_id, v.event_type, v.subject_id, v.payload, now() + make_interval(secs => $7)
       FROM unnest($2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::jsonb[]) AS v(id, endpoint_id, event_type, subject_id, payload)`,
      [businessId, ids, endpointIds, types, subjects, payloads, firstDelay],
    );
    await enqueueDeliveryJobs(tx.db, businessId, ids, firstDelay);
    return { deliveryIds: ids };
  });
}

/** One event; see enqueueCallbacks. */
export async function enqueueCallback<E extends CallbackEventType>(
  ctx: Ctx,
  input: { businessId: string } & CallbackEvent<E>,
): Promise<EnqueueResult> {
  const { businessId, ...event } = input;
  return enqueueCallbacks(ctx, businessId, [event as CallbackEvent]);
}

function subscribed(events: string[], type: CallbackEventType): boolean {
  if (events.length === 0) return !optInEventTypes.includes(type);
  return events.includes(type);
}

function defaultSubject(e: CallbackEvent): string | null {
  switch (e.event) {
    case "message.status":
    case "message.received":
      return e.payload.messageId;
    case "call.cdr":
      return e.payload.CallSid;
    case "capability.batch":
      return e.payload.batchId;
    case "test":
      return null;
  }
}
