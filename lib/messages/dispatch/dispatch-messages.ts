import type { MessageProvider, OutboundMessage, SendResult } from "../../channels/message-provider";
import { systemCtx, type Ctx } from "../../context";
import { db } from "../../db";
import { rawQuery, transaction } from "../../db/sql";
import { ownThenClaim } from "../../jobs/workers";
import { log } from "../../log";
import { applyStatusEvents, type StatusEventInput } from "../status/apply-status-events";
import { messagesConfig } from "./config";
import { enqueueDispatch, type DispatchJob } from "./dispatch-queue";
import { enqueueStatusEvents } from "../status/status-events-queue";
import { messageProvider } from "./providers";
import { loadChannel } from "./sender-channel";
import { senderRate } from "./sender-rate";
import { senderLeaseSize, senderTokensFor } from "./sender-tokens";

type Claimed = {
  id: string;
  channel: "chatapp" | "rcs";
  sender: string;
  recipient: string;
  content: OutboundMessage["content"];
  provider: string;
  dispatch_attempts: number;
};

type Accepted = {
  provider: string;
  message: OutboundMessage;
  providerMessageId: string;
  at: Date;
  /** Provider attempts so far, this one included (an owned message's is not written yet). */
  attempts: number;
};
type Retry = { id: string; delaySeconds: number; attempts: number };
/** `tried`: the failed messages a provider was asked to send, with their attempt count. */
type Outcomes = {
  accepted: Accepted[];
  failures: StatusEventInput[];
  retries: Retry[];
  tried: Array<{ id: string; attempts: number }>;
};

/** Throttles absorbed inside one job before a message is handed to a later job. */
const MAX_THROTTLES_IN_JOB = 5;

const COLUMNS = "m.id, m.channel, m.sender, m.recipient, m.content, m.provider";

// A first run of a leased job (DispatchJob.leased) owns the never-tried messages still under
// the lease they were born with (half a lease left at least, to cover the sending) without
// writing them; `dispatch_attempts` counts this attempt in memory (written if it is retried).
// Each id is looked up by primary key (the LATERAL ... OFFSET 0): with "id = ANY" the planner
// may scan every leased message through messages_dispatch_lease_idx instead.
const OWNED = `SELECT ${COLUMNS}, m.dispatch_attempts + 1 AS dispatch_attempts FROM unnest($2::uuid[]) AS k(id)
  CROSS JOIN LATERAL (SELECT * FROM messages WHERE id = k.id OFFSET 0) m
  WHERE m.business_id = $1 AND m.status = 'attempted' AND m.dispatch_attempts = 0
    AND m.dispatch_locked_until >= now() + make_interval(secs => $3 / 2.0)`;

// The rest are claimed: a lease, so concurrent or repeated jobs skip them. A leased job's
// first run ($4) also claims its never-tried messages whose birth lease is running out (a
// backlog delayed it): nobody else may take them before that lease ends.
const CLAIM = `UPDATE messages m SET dispatch_locked_until = now() + make_interval(secs => $3),
    dispatch_attempts = m.dispatch_attempts + 1, updated_at = now()
  WHERE m.business_id = $1 AND m.id = ANY($2::uuid[]) AND m.status = 'attempted'
    AND (m.dispatch_locked_until IS NULL OR m.dispatch_locked_until <= now() OR ($4::boolean AND m.dispatch_attempts = 0))
  RETURNING ${COLUMNS}, m.dispatch_attempts`;

function claim(job: DispatchJob): Promise<Claimed[]> {
  const lease = messagesConfig().MESSAGES_DISPATCH_LEASE_SECONDS;
  return ownThenClaim(
    job,
    (ids) => rawQuery<Claimed>(db(), OWNED, [job.businessId, ids, lease]),
    (ids) => rawQuery<Claimed>(db(), CLAIM, [job.businessId, ids, lease, job.leased === true]),
  );
}

/**
 * The dispatch worker for one chunk: claims the chunk's messages still `attempted` (a lease,
 * so concurrent or repeated jobs skip them), sends them through the business's provider at
 * each sender's rate, and records the outcome in one transaction: accepted rows (batched
 * update), failures (through the status path, with their callbacks), retries (a later job),
 * and the provider's planned status events (simulator).
 */
export async function dispatchMessages(job: DispatchJob): Promise<void> {
  const ctx = systemCtx("dispatch");
  const rows = await claim(job);
  if (rows.length === 0) return;

  const groups = new Map<string, Claimed[]>();
  for (const r of rows) {
    const key = `${r.provider}|${r.channel}|${r.sender}`;
    const list = groups.get(key);
    if (list) list.push(r);
    else groups.set(key, [r]);
  }
  const out: Outcomes = { accepted: [], failures: [], retries: [], tried: [] };
  await Promise.all([...groups.values()].map((list) => sendGroup(ctx, job.businessId, list, out)));
  await record(ctx, job.businessId, out);
}

async function sendGroup(ctx: Ctx, businessId: string, list: Claimed[], out: Outcomes): Promise<void> {
  const cfg = messagesConfig();
  const { provider: name, channel, sender } = list[0]!;
  const provider = messageProvider(name);
  const settings = await loadChannel(ctx, businessId, channel);
  const failAll = (errorCode: string, reason: string) => {
    for (const m of list)
      out.failures.push({
        businessId,
        messageId: m.id,
        status: "error",
        at: new Date(),
        errorCode,
        reason,
        source: "dispatch",
      });
  };
  if (!provider) return failAll("provider_unavailable", `No message provider '${name}' in this deployment`);
  if (!settings) return failAll("channel_missing", `The business has no ${channel} channel`);

  const rate = await senderRate(ctx, { businessId, channel, sender });
  const bucket = senderTokensFor({ businessId, channel, sender }, rate);
  // Sent a lease at a time: small steps keep every second of a long send near the limit.
  const step = senderLeaseSize(rate);
  let pending = list.map((m) => ({ m, attempt: m.dispatch_attempts - 1, throttles: 0 }));
  while (pending.length > 0) {
    const again: typeof pending = [];
    for (let i = 0; i < pending.length; i += step) {
      const part = pending.slice(i, i + step);
      await bucket.acquire(part.length);
      const outbound = part.map(({ m, attempt }) => toOutbound(businessId, m, attempt));
      const results = await sendBatch(provider, outbound, {
        provider: settings.provider,
        config: settings.config,
      });
      let pauseMs = 0;
      results.forEach((r, j) => {
        const item = part[j]!;
        if (r.ok) {
          out.accepted.push({
            provider: name,
            message: outbound[j]!,
            providerMessageId: r.providerMessageId,
            at: new Date(),
            attempts: item.m.dispatch_attempts,
          });
        } else if (r.throttled) {
          // Back off the whole sender, then try again (Meta 130429), rather than failing.
          const wait = r.retryAfterMs ?? Math.min(60_000, 1000 * 2 ** item.throttles);
          pauseMs = Math.max(pauseMs, wait);
          if (item.throttles + 1 >= MAX_THROTTLES_IN_JOB)
            out.retries.push({ id: item.m.id, delaySeconds: 60, attempts: item.m.dispatch_attempts });
          else again.push({ ...item, attempt: item.attempt + 1, throttles: item.throttles + 1 });
        } else if (r.retryable && item.m.dispatch_attempts < cfg.MESSAGES_MAX_ATTEMPTS) {
          const delay = Math.ceil((r.retryAfterMs ?? 1000 * 2 ** item.m.dispatch_attempts) / 1000);
          out.retries.push({
            id: item.m.id,
            delaySeconds: Math.min(300, Math.max(1, delay)),
            attempts: item.m.dispatch_attempts,
          });
        } else {
          out.tried.push({ id: item.m.id, attempts: item.m.dispatch_attempts });
          out.failures.push({
            businessId,
            messageId: item.m.id,
            status: r.retryable ? "error" : "failed",
            at: new Date(),
            errorCode: r.errorCode,
            reason: r.reason,
            details: r.details,
            source: "dispatch",
          });
        }
      });
      if (pauseMs > 0) await bucket.pause(pauseMs);
    }
    pending = again;
  }
}

async function sendBatch(
  provider: MessageProvider,
  batch: OutboundMessage[],
  settings: { provider: string; config: Record<string, unknown> },
): Promise<SendResult[]> {
  try {
    if (provider.sendMany) return await provider.sendMany(batch, settings);
    return await Promise.all(batch.map((m) => provider.send(m, settings)));
  } catch (err) {
    // A provider that throws is treated as a transient failure of the whole batch.
    log.error({ err, provider: provider.name }, "provider send threw");
    return batch.map(() => ({
      ok: false,
      retryable: true,
      errorCode: "provider_error",
      reason: (err as Error).message,
    }));
  }
}

function toOutbound(businessId: string, m: Claimed, attempt: number): OutboundMessage {
  return {
    messageId: m.id,
    businessId,
    channel: m.channel,
    from: m.sender,
    to: m.recipient,
    attempt,
    content: m.content,
  };
}

async function record(ctx: Ctx, businessId: string, out: Outcomes): Promise<void> {
  const { accepted, failures, retries, tried } = out;
  await transaction(db(), async (tx) => {
    const t: Ctx = { ...ctx, db: tx };
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
