import type { RowOf } from "../../db/row-of";
import type { messages } from "@/db/schema";
import { requeueStranded } from "../../callbacks/deliver-job";
import { simulatorEventsFor } from "../../channels/simulator/messages";
import { systemCtx } from "../../context";
import { db } from "../../db/pool";
import { rawQuery } from "../../db/sql";
import { uuidv7Floor, uuidv7Ms } from "../../ids";
import { readSweepMark, writeSweepMark } from "../../jobs/sweep-marks";
import { log } from "../../log";
import { applyStatusEvents, type StatusEventInput } from "../status/apply-status-events";
import { messagesConfig } from "./config";
import { enqueueDispatch } from "./dispatch-queue";
import { purgeIdempotencyKeys } from "../../idempotency/key-store";
import { statusRank, type MessageStatus } from "../schemas";

export type SweepResult = { redispatched: number; simulated: number; callbacks: number; purgedKeys: number };

/**
 * The safety net behind the queues (a worker killed mid-job, a job given up): messages still
 * `attempted` whose lease (or retry time) passed long ago get a new dispatch job, and simulator
 * messages whose planned events are overdue get them applied now. Duplicates are harmless:
 * the dispatch lease and the forward-only statuses absorb them.
 */
export async function sweepMessages(limit = 10_000): Promise<SweepResult> {
  const lease = messagesConfig().MESSAGES_DISPATCH_LEASE_SECONDS;
  // An attempted message always holds a dispatch lease (born leased; the acceptance and the
  // status updates clear it): the lease index finds the ones whose lease (or retry time)
  // ran out long ago.
  const stranded = await rawQuery<{ id: string; business_id: string }>(
    db(),
    `SELECT id, business_id FROM messages
     WHERE dispatch_locked_until < now() - make_interval(secs => $1) AND status = 'attempted'
       AND updated_at < now() - make_interval(secs => $1)
     ORDER BY dispatch_locked_until LIMIT $2`,
    [lease, limit],
  );
  const held = await uncertainMessages(stranded.map((r) => r.id));
  const again = stranded.filter((r) => !held.has(r.id));
  if (again.length > 0) {
    await enqueueDispatch(
      db(),
      again.map((r) => ({ id: r.id, businessId: r.business_id })),
    );
    log.info({ count: again.length }, "re-queued messages whose dispatch was lost");
  }
  await clearResolvedInflight(lease);
  const simulated = await reconcileSimulator(lease, limit);
  // The status callbacks of these messages must not be stranded either: the callbacks sweeper
  // (every minute in its own queue) re-queued here at the messages' pace; it only takes
  // deliveries overdue by more than their lease, so running it more often is harmless.
  const callbacks = await requeueStranded();
  const purgedKeys = await purgeIdempotencyKeys(systemCtx("sweep"));
  return { redispatched: stranded.length, simulated, callbacks, purgedKeys };
}

/**
 * Of `ids`, those in a batch a killed worker had sent to a provider without recording the
 * answers (dispatch_inflight), within MESSAGES_UNCERTAIN_SECONDS of that send: the provider
 * may have them, and its status webhook (which names our message id) would move them on. Held
 * back from a new send meanwhile; past the grace without a status, their batch record goes and
 * they are sent again (a provider that took a message sends a status within seconds).
 */
async function uncertainMessages(ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const grace = messagesConfig().MESSAGES_UNCERTAIN_SECONDS;
  const rows = await rawQuery<{ id: string; inflight: string; expired: boolean }>(
    db(),
    `SELECT m.id, f.id AS inflight, f.created_at < now() - make_interval(secs => $2) AS expired
     FROM dispatch_inflight f CROSS JOIN LATERAL unnest(f.message_ids) AS m(id)
     WHERE f.message_ids && $1::uuid[] AND m.id = ANY($1::uuid[])`,
    [ids, grace],
  );
  const expired = [...new Set(rows.filter((r) => r.expired).map((r) => r.inflight))];
  if (expired.length > 0) {
    await rawQuery(db(), `DELETE FROM dispatch_inflight WHERE id = ANY($1::uuid[])`, [expired]);
    log.warn(
      { batches: expired.length },
      "no status came for messages a stopped worker had sent to the provider: sending them again",
    );
  }
  return new Set(rows.filter((r) => !r.expired).map((r) => r.id));
}

/** Batch records whose messages have all moved on (a status named them): nothing is held by them. */
async function clearResolvedInflight(leaseSeconds: number): Promise<void> {
  await rawQuery(
    db(),
    `DELETE FROM dispatch_inflight f WHERE f.created_at < now() - make_interval(secs => $1)
       AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.business_id = f.business_id
                         AND m.id = ANY(f.message_ids) AND m.status = 'attempted')`,
    [leaseSeconds * 2],
  );
}

const SIMULATOR_MARK = "messages.simulator";

// Not final yet, and not where the simulator's plan ends early (docs/simulator.md): there is
// nothing to catch up there.
const SIMULATOR_OPEN = `provider = 'simulator' AND id >= $1::uuid AND id < $2::uuid
  AND status IN ('attempted', 'accepted', 'sent', 'delivered')
  AND NOT (status = 'delivered' AND right(recipient, 4) = '0002')
  AND NOT (status = 'sent' AND right(recipient, 4) = '0003')`;

/**
 * The simulator's messages not final yet, in id order from the reconcile's mark onwards (no
 * index on status: the status updates stay HOT); those accepted and untouched for
 * `graceSeconds` get their overdue planned events now. The mark moves up to the first message
 * still open (attempted ones too: their acceptance may commit later), or to the window's end.
 */
async function reconcileSimulator(graceSeconds: number, limit: number): Promise<number> {
  const { from, now: dbNow } = await readSweepMark(db(), SIMULATOR_MARK);
  const until = dbNow.getTime() - graceSeconds * 1000;
  if (until <= from.getTime()) return 0;
  const window = [uuidv7Floor(from.getTime()), uuidv7Floor(until)];
  const rows = await rawQuery<{
    id: string;
    business_id: string;
    recipient: string;
    status: MessageStatus;
    accepted_ms: number;
  }>(
    db(),
    `SELECT id, business_id, recipient, status, (extract(epoch FROM accepted_at) * 1000)::float8 AS accepted_ms
     FROM messages
     WHERE ${SIMULATOR_OPEN} AND status <> 'attempted' AND accepted_at IS NOT NULL
       AND updated_at < now() - make_interval(secs => $3)
     ORDER BY id LIMIT $4`,
    [...window, graceSeconds, limit],
  );
  const [first] = await rawQuery<Pick<RowOf<typeof messages>, "id">>(
    db(),
    `SELECT id FROM messages WHERE ${SIMULATOR_OPEN} ORDER BY id LIMIT 1`,
    window,
  );
  await writeSweepMark(db(), SIMULATOR_MARK, new Date(first ? uuidv7Ms(first.id) : until));
  const now = Date.now();
  const events: StatusEventInput[] = [];
  for (const r of rows) {
    for (const { event } of simulatorEventsFor({ messageId: r.id, to: r.recipient }, r.accepted_ms)) {
      if (event.at.getTime() + graceSeconds * 1000 > now) continue;
      if (statusRank[event.status] <= statusRank[r.status]) continue;
      events.push({ businessId: r.business_id, ...event, provider: "simulator", source: "simulator" });
    }
  }
  if (events.length === 0) return 0;
  const res = await applyStatusEvents(systemCtx("simulator-sweep"), events);
  if (res.applied > 0) log.info({ applied: res.applied }, "applied overdue simulator events");
  return res.applied;
}
