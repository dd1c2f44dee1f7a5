import { inTransaction, type Ctx } from "../context";
import { uuidv7 } from "../ids";
import { rawQuery } from "../db/sql";
import { carriedDeliveryJobs, deliveryQueue, type CarriedDelivery } from "./deliver-job";
import { retrySchedule } from "./retry-schedule";
import { optInEventTypes, type CallbackEvent, type CallbackEventType } from "./schemas";

export type EnqueueResult = { deliveryIds: string[] };

/**
 * Queues `events` for every enabled endpoint of the business subscribed to their type (an
 * empty list is every type but the opt-in ones, which must be listed): the jobs carrying the
 * deliveries (one per chunk of 500, one statement) are written through ctx.db, so they commit
 * or roll back with the caller's own rows (DESIGN.md rule 6); each delivery's row is written
 * by its first attempt (lib/callbacks/record-outcomes.ts). With no matching endpoint nothing
 * is written.
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
    const carried: CarriedDelivery[] = [];
    for (const e of events) {
      const subjectId = e.subjectId ?? defaultSubject(e);
      for (const ep of endpoints) {
        if (!subscribed(ep.events, e.event)) continue;
        carried.push({ id: uuidv7(), endpointId: ep.id, event: e.event, subjectId, payload: e.payload });
      }
    }
    if (carried.length === 0) return { deliveryIds: [] };
    const ids = carried.map((c) => c.id);
    // The outbox is the job: it carries the deliveries (one job per chunk of 500, committed
    // with the caller's rows), and their rows are written once, by their first attempt, in
    // the state it left them (issue 10: an insert and an outcome update per callback before).
    await deliveryQueue.sendMany(tx.db, carriedDeliveryJobs(businessId, carried, retrySchedule()[0] ?? 0));
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
