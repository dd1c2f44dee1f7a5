import type { RowOf } from "../db/row-of";
import type { callbackEndpoints } from "@/db/schema";
import { inTransaction, type Ctx } from "../context";
import { env } from "../env";
import { uuidv7 } from "../ids";
import { rawQuery } from "../db/sql";
import { writeStatement } from "../db/write-statement";
import { deliveryJobs, deliveryQueue } from "./deliver-job";
import { retrySchedule } from "./retry-schedule";
import { optInEventTypes, type CallbackEvent, type CallbackEventType } from "./schemas";

export type EnqueueResult = { deliveryIds: string[] };

/**
 * Queues `events` for every enabled endpoint of the business subscribed to their type (an
 * empty list is every type but the opt-in ones, which must be listed): the
 * delivery rows (one INSERT for all of them) and their jobs (one per chunk of 500) are written
 * through ctx.db, so they commit or roll back with the caller's own rows (docs/architecture.md rule 6).
 * With no matching endpoint nothing is written.
 */
export async function enqueueCallbacks(
  ctx: Ctx,
  businessId: string,
  events: CallbackEvent[],
): Promise<EnqueueResult> {
  if (events.length === 0) return { deliveryIds: [] };
  // Read and matched before the savepoint (a read writes nothing to roll back): with no
  // endpoint for these events, the common case, one statement instead of three on the caller's
  // transaction (an inbound message raises three events, two under the routing lock;
  // bench/inbound.ts).
  const endpoints = await rawQuery<Pick<RowOf<typeof callbackEndpoints>, "id" | "events">>(
    ctx.db,
    `SELECT id, events FROM callback_endpoints WHERE business_id = $1 AND enabled`,
    [businessId],
  );
  const rows: Array<{
    id: string;
    endpoint_id: string;
    event_type: string;
    subject_id: string | null;
    payload: unknown;
  }> = [];
  for (const e of events) {
    const subject = e.subjectId ?? defaultSubject(e);
    for (const ep of endpoints) {
      if (!subscribed(ep.events, e.event)) continue;
      rows.push({
        id: uuidv7(),
        endpoint_id: ep.id,
        event_type: e.event,
        subject_id: subject,
        payload: e.payload,
      });
    }
  }
  if (rows.length === 0) return { deliveryIds: [] };
  return inTransaction(ctx, async (tx) => {
    const ids = rows.map((r) => r.id);
    const firstDelay = retrySchedule()[0] ?? 0;
    // The rows and their jobs in one statement: one JSON document (node-postgres would escape
    // an array parameter element by element) and pg-boss's own job insert as a CTE. The rows
    // are born leased to their first job until a lease after they fall due, so that job sends
    // them without a claim write (one row version less per callback). Due at once,
    // their next_attempt_at is NULL (their outcome write is then HOT: callbackDeliveries).
    await writeStatement()
      .with(
        "d",
        `INSERT INTO callback_deliveries (id, business_id, endpoint_id, event_type, subject_id, payload, next_attempt_at, locked_until)
         SELECT v.id, $1, v.endpoint_id, v.event_type, v.subject_id, v.payload,
           CASE WHEN $3 > 0 THEN now() + make_interval(secs => $3) END,
           now() + make_interval(secs => $3 + $4)
         FROM json_to_recordset($2::json) AS v(id uuid, endpoint_id uuid, event_type text, subject_id text, payload jsonb)`,
        [businessId, JSON.stringify(rows), firstDelay, env().CALLBACK_LEASE_SECONDS],
      )
      .jobs(deliveryQueue, deliveryJobs(businessId, ids, firstDelay, true))
      .run(tx.db);
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
    case "conversation.opened":
    case "conversation.assigned":
    case "conversation.resolved":
      return e.payload.conversationId;
    case "flow.completed":
    case "flow.handed_over":
    case "flow.failed":
      return e.payload.runId;
    case "message.clicked":
      return e.payload.messageId ?? e.payload.clickId;
    case "call.cdr":
      return e.payload.CallSid;
    case "capability.batch":
      return e.payload.batchId;
    case "test":
      return null;
  }
}
