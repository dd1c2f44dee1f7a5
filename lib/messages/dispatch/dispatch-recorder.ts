import type { OutboundMessage } from "../../channels/message-provider";
import type { Ctx } from "../../context";
import { db } from "../../db/pool";
import { retryOnConnectionLoss } from "../../db/retry-write";
import { rawQuery, transaction } from "../../db/sql";
import { applyStatusEvents, type StatusEventInput } from "../status/apply-status-events";
import { enqueueStatusEvents } from "../status/status-events-queue";
import { messagesConfig } from "./config";
import { enqueueDispatch } from "./dispatch-queue";
import { messageProvider } from "./providers";
import { countMessageStatuses } from "../../metrics/record";

type Accepted = {
  provider: string;
  message: OutboundMessage;
  providerMessageId: string;
  at: Date;
  /** Provider attempts so far, this one included (an owned message's is not written yet). */
  attempts: number;
};
type Retry = { id: string; delaySeconds: number; attempts: number };
/**
 * `tried`: the failed messages a provider was asked to send, with their attempt count;
 * `inflight`: the dispatch_inflight rows whose answers these are (deleted with their writing).
 */
export type Outcomes = {
  accepted: Accepted[];
  failures: StatusEventInput[];
  retries: Retry[];
  tried: Array<{ id: string; attempts: number }>;
  inflight: string[];
};

const none = (): Outcomes => ({ accepted: [], failures: [], retries: [], tried: [], inflight: [] });
const isEmpty = (o: Outcomes) =>
  o.accepted.length + o.failures.length + o.retries.length + o.tried.length + o.inflight.length === 0;

/**
 * Collects a dispatch job's outcomes and writes them while the job is still sending, every
 * MESSAGES_DISPATCH_FLUSH_MS: a chunk paced at its sender's rate sends for seconds (500
 * messages at 1,000/s, more when chunks of one sender share its tokens, minutes at Meta's
 * 80/s tier), and its first messages' acceptance, statuses and callbacks should not wait for
 * its last. Each write is one transaction (the acceptances, failures, retries and planned
 * events collected since the last); a message is never in two. A job that dies between writes
 * leaves its unwritten messages under their lease, which the sweeper re-sends as before.
 *
 * `renewLease` extends the lease of the messages not written yet (dispatchMessages calls it
 * through keepingLease): the sweeper re-queues `attempted` messages whose lease ended a lease
 * ago, and would otherwise have another job send them too.
 */
export class DispatchRecorder {
  /** What the sending adds to; replaced by a fresh one at each write. */
  out: Outcomes = none();
  private last = performance.now();
  private writing: Promise<void> | undefined;
  private readonly unwritten: Set<string>;

  constructor(
    private readonly ctx: Ctx,
    private readonly businessId: string,
    /** The messages the job holds. */
    ids: string[],
  ) {
    this.unwritten = new Set(ids);
  }

  /** Writes what was collected if the last write is MESSAGES_DISPATCH_FLUSH_MS old (one write at a time). */
  async writeIfDue(): Promise<void> {
    if (this.writing || isEmpty(this.out)) return;
    if (performance.now() - this.last < messagesConfig().MESSAGES_DISPATCH_FLUSH_MS) return;
    await this.write();
  }

  /** Writes everything collected so far (after any write in progress). */
  async write(): Promise<void> {
    while (this.writing) await this.writing;
    const out = this.out;
    this.out = none();
    this.last = performance.now();
    if (isEmpty(out)) return;
    // The provider has these answers already: a lost connection must not lose them (the
    // transaction is all or nothing, so writing it again never doubles it).
    this.writing = retryOnConnectionLoss("recording dispatch outcomes", () =>
      record(this.ctx, this.businessId, out),
    ).finally(() => (this.writing = undefined));
    await this.writing;
    countMessageStatuses(
      out.accepted.map((a) => ({ status: "accepted", channel: a.message.channel, provider: a.provider })),
    );
    for (const a of out.accepted) this.unwritten.delete(a.message.messageId);
    for (const f of out.failures) if (f.messageId) this.unwritten.delete(f.messageId);
    for (const r of out.retries) this.unwritten.delete(r.id);
    for (const r of out.tried) this.unwritten.delete(r.id);
  }

  /** Extends the lease of the messages not written yet (a retry's own due time stays: it is written). */
  async renewLease(leaseSeconds: number): Promise<void> {
    if (this.unwritten.size === 0) return;
    await rawQuery(
      db(),
      `UPDATE messages SET dispatch_locked_until = now() + make_interval(secs => $3)
       WHERE business_id = $1 AND id = ANY($2::uuid[]) AND status = 'attempted'`,
      [this.businessId, [...this.unwritten], leaseSeconds],
    );
  }
}

async function record(ctx: Ctx, businessId: string, out: Outcomes): Promise<void> {
  const { accepted, failures, retries, tried, inflight } = out;
  await transaction(db(), async (tx) => {
    const t: Ctx = { ...ctx, db: tx };
    if (inflight.length > 0)
      await rawQuery(tx, `DELETE FROM dispatch_inflight WHERE business_id = $1 AND id = ANY($2::uuid[])`, [
        businessId,
        inflight,
      ]);
    if (accepted.length > 0) {
      // An early webhook may already have moved the message on: keep its status, add the ids.
      await rawQuery(
        tx,
        `UPDATE messages m SET status = CASE WHEN m.status = 'attempted' THEN 'accepted' ELSE m.status END,
           accepted_at = coalesce(m.accepted_at, v.at), provider_message_id = v.pid,
           dispatch_attempts = greatest(m.dispatch_attempts, v.attempts), dispatch_locked_until = NULL, updated_at = now()
         FROM unnest($2::uuid[], $3::text[], $4::timestamptz[], $5::int[]) AS v(id, pid, at, attempts)
         WHERE m.business_id = $1 AND m.id = v.id`,
        [
          businessId,
          accepted.map((a) => a.message.messageId),
          accepted.map((a) => a.providerMessageId),
          accepted.map((a) => a.at),
          accepted.map((a) => a.attempts),
        ],
      );
      await planEvents(t, businessId, accepted);
    }
    if (tried.length > 0) {
      await rawQuery(
        tx,
        `UPDATE messages m SET dispatch_attempts = greatest(m.dispatch_attempts, v.attempts)
         FROM unnest($2::uuid[], $3::int[]) AS v(id, attempts) WHERE m.business_id = $1 AND m.id = v.id`,
        [businessId, tried.map((r) => r.id), tried.map((r) => r.attempts)],
      );
    }
    if (failures.length > 0) await applyStatusEvents(t, failures);
    if (retries.length > 0) {
      await rawQuery(
        tx,
        `UPDATE messages m SET dispatch_locked_until = now() + make_interval(secs => v.delay),
           dispatch_attempts = greatest(m.dispatch_attempts, v.attempts), updated_at = now()
         FROM unnest($2::uuid[], $3::int[], $4::int[]) AS v(id, delay, attempts)
         WHERE m.business_id = $1 AND m.id = v.id AND m.status = 'attempted'`,
        [
          businessId,
          retries.map((r) => r.id),
          retries.map((r) => r.delaySeconds),
          retries.map((r) => r.attempts),
        ],
      );
      const byDelay = new Map<number, string[]>();
      for (const r of retries) {
        const list = byDelay.get(r.delaySeconds);
        if (list) list.push(r.id);
        else byDelay.set(r.delaySeconds, [r.id]);
      }
      for (const [delay, ids] of byDelay)
        await enqueueDispatch(
          tx,
          ids.map((id) => ({ id, businessId })),
          delay,
        );
    }
  });
}

/** Queues the status events the provider announces (simulator), in the acceptance's transaction. */
async function planEvents(tx: Ctx, businessId: string, accepted: Accepted[]): Promise<void> {
  const byProvider = new Map<string, Accepted[]>();
  for (const a of accepted) {
    const list = byProvider.get(a.provider);
    if (list) list.push(a);
    else byProvider.set(a.provider, [a]);
  }
  for (const [name, items] of byProvider) {
    const planned = messageProvider(name)?.plannedEvents?.(
      items.map((i) => ({ message: i.message, providerMessageId: i.providerMessageId })),
    );
    for (const p of planned ?? []) {
      await enqueueStatusEvents(tx.db, { provider: name, businessId, events: p.events }, p.afterSeconds);
    }
  }
}
