import type { MessageProvider, OutboundMessage, SendResult } from "../../channels/message-provider";
import { systemCtx, type Ctx } from "../../context";
import { db } from "../../db/pool";
import { uuidv7 } from "../../ids";
import { rawQuery } from "../../db/sql";
import { keepingLease, ownThenClaim } from "../../jobs/job-leases";
import { log } from "../../log";
import { messagesConfig } from "./config";
import type { DispatchJob } from "./dispatch-queue";
import { DispatchRecorder } from "./dispatch-recorder";
import { messageProvider } from "./providers";
import { loadChannel } from "./sender-channel";
import { senderRate } from "./sender-rate";
import { countSenderWait, countThrottled } from "../../metrics/record";
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
// backlog delayed it): nobody else may take them before that lease ends. A message in a batch
// a killed worker had sent without recording the answers (dispatch_inflight) is the sweeper's
// to decide on, not a retried job's (sweep-messages.ts, uncertainMessages).
const CLAIM = `UPDATE messages m SET dispatch_locked_until = now() + make_interval(secs => $3),
    dispatch_attempts = m.dispatch_attempts + 1, updated_at = now()
  WHERE m.business_id = $1 AND m.id = ANY($2::uuid[]) AND m.status = 'attempted'
    AND (m.dispatch_locked_until IS NULL OR m.dispatch_locked_until <= now() OR ($4::boolean AND m.dispatch_attempts = 0))
    AND NOT EXISTS (SELECT 1 FROM dispatch_inflight f WHERE f.business_id = m.business_id AND m.id = ANY(f.message_ids))
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
 * each sender's rate, and records the outcomes as it goes (DispatchRecorder: a transaction
 * every MESSAGES_DISPATCH_FLUSH_MS and one at the end): accepted rows (batched update),
 * failures (through the status path, with their callbacks), retries (a later job), and the
 * provider's planned status events (simulator).
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
  const recorder = new DispatchRecorder(
    ctx,
    job.businessId,
    rows.map((r) => r.id),
  );
  const lease = messagesConfig().MESSAGES_DISPATCH_LEASE_SECONDS;
  await keepingLease(
    lease,
    () => recorder.renewLease(lease),
    () => Promise.all([...groups.values()].map((list) => sendGroup(ctx, job.businessId, list, recorder))),
  );
  await recorder.write();
  // Which process sent how much (sender-limit-processes.int.test.ts reads it from two workers).
  log.debug({ claimed: rows.length }, "dispatch job done");
}

async function sendGroup(
  ctx: Ctx,
  businessId: string,
  list: Claimed[],
  recorder: DispatchRecorder,
): Promise<void> {
  const cfg = messagesConfig();
  const { provider: name, channel, sender } = list[0]!;
  const provider = messageProvider(name);
  const settings = await loadChannel(ctx, businessId, channel);
  const failAll = (errorCode: string, reason: string) => {
    for (const m of list)
      recorder.out.failures.push({
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
      const waitStarted = performance.now();
      await bucket.acquire(part.length);
      countSenderWait(channel, performance.now() - waitStarted);
      const outbound = part.map(({ m, attempt }) => toOutbound(businessId, m, attempt));
      // Written down before the provider is asked (a provider without idempotent sends): a
      // worker killed before recording the answers leaves this behind, and the sweeper does not
      // send these again blindly (sweep-messages.ts).
      const inflight = provider.idempotentSends
        ? undefined
        : await markInflight(
            businessId,
            name,
            outbound.map((o) => o.messageId),
          );
      const results = await sendInOrder(provider, outbound, {
        provider: settings.provider,
        config: settings.config,
      });
      let pauseMs = 0;
      let throttledNow = 0;
      const out = recorder.out;
      if (inflight) out.inflight.push(inflight);
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
          throttledNow++;
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
      countThrottled(name, throttledNow);
      if (pauseMs > 0) await bucket.pause(pauseMs);
      await recorder.writeIfDue();
    }
    pending = again;
  }
}

async function markInflight(businessId: string, provider: string, messageIds: string[]): Promise<string> {
  const id = uuidv7();
  await rawQuery(
    db(),
    `INSERT INTO dispatch_inflight (id, business_id, provider, message_ids) VALUES ($1, $2, $3, $4::uuid[])`,
    [id, businessId, provider, messageIds],
  );
  return id;
}

/**
 * Sends `batch` keeping each recipient's messages in their order: every recipient's first
 * message in one call, the second ones in the next once the first answered, and so on. A job
 * may carry several messages to one customer (a flow's reply and its question, dispatched
 * with the rest of their inbound batch: deferred-dispatch.ts), and a provider sends a call's
 * messages in parallel; a send of one message per recipient is one call, as before.
 */
async function sendInOrder(
  provider: MessageProvider,
  batch: OutboundMessage[],
  settings: { provider: string; config: Record<string, unknown> },
): Promise<SendResult[]> {
  const sent = new Map<string, number>();
  const waves: number[][] = [];
  batch.forEach((m, i) => {
    const n = sent.get(m.to) ?? 0;
    sent.set(m.to, n + 1);
    (waves[n] ??= []).push(i);
  });
  if (waves.length <= 1) return sendBatch(provider, batch, settings);
  const results: SendResult[] = new Array<SendResult>(batch.length);
  for (const wave of waves) {
    const answers = await sendBatch(
      provider,
      wave.map((i) => batch[i]!),
      settings,
    );
    wave.forEach((i, j) => (results[i] = answers[j]!));
  }
  return results;
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
