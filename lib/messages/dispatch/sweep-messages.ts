import { requeueStranded } from "../../callbacks/deliver-job";
import { simulatorEventsFor } from "../../channels/simulator/messages";
import { systemCtx } from "../../context";
import { db } from "../../db";
import { rawQuery } from "../../db/sql";
import { log } from "../../log";
import { applyStatusEvents, type StatusEventInput } from "../status/apply-status-events";
import { messagesConfig } from "./config";
import { enqueueDispatch } from "./dispatch-queue";
import { purgeIdempotencyKeys } from "../send/idempotency";
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
  const stranded = await rawQuery<{ id: string; business_id: string }>(
    db(),
    `SELECT id, business_id FROM messages
     WHERE status = 'attempted' AND updated_at < now() - make_interval(secs => $1)
       AND (dispatch_locked_until IS NULL OR dispatch_locked_until < now() - make_interval(secs => $1))
     ORDER BY updated_at LIMIT $2`,
    [lease, limit],
  );
  if (stranded.length > 0) {
    await enqueueDispatch(
      db(),
      stranded.map((r) => ({ id: r.id, businessId: r.business_id })),
    );
    log.info({ count: stranded.length }, "re-queued messages whose dispatch was lost");
  }
  const simulated = await reconcileSimulator(lease, limit);
  // The status callbacks of these messages must not be stranded either: the callbacks sweeper
  // (every minute in its own queue) re-queued here at the messages' pace; it only takes
  // deliveries overdue by more than their lease, so running it more often is harmless.
  const callbacks = await requeueStranded();
  const purgedKeys = await purgeIdempotencyKeys(systemCtx("sweep"));
  return { redispatched: stranded.length, simulated, callbacks, purgedKeys };
}

async function reconcileSimulator(graceSeconds: number, limit: number): Promise<number> {
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
     WHERE status IN ('accepted', 'sent', 'delivered') AND provider = 'simulator' AND accepted_at IS NOT NULL
       AND updated_at < now() - make_interval(secs => $1)
       -- Where the simulator's plan ends early (docs/simulator.md), there is nothing to catch up.
       AND NOT (status = 'delivered' AND right(recipient, 4) = '0002')
       AND NOT (status = 'sent' AND right(recipient, 4) = '0003')
     ORDER BY updated_at LIMIT $2`,
    [graceSeconds, limit],
  );
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
