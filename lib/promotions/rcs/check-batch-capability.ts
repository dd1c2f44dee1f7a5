import { enqueueCallback } from "../../callbacks/enqueue-callbacks";
import { inTransaction, systemCtx, type Ctx } from "../../context";
import type { JobInfo } from "../../jobs/queue-types";
import { rawQuery } from "../../db/sql";
import { log } from "../../log";
import { loadChannel } from "../../messages/dispatch/sender-channel";
import { capableNumbers } from "./capable-numbers";
import type { AwaitingSubscriber } from "./claim-batch-subscribers";
import { maskPhone } from "./mask-phone";

import type { CapabilityJob } from "./capability-job";

type Batch = { awaiting: AwaitingSubscriber[] | null; fallback: unknown; campaign_fallback: unknown };

/**
 * The capability job of a C2 batch: asks the provider which numbers are RCS-capable (in bulk),
 * then in one transaction makes the batch's subscribers recipients (capable: `pending`; not
 * capable: `pending` through the chatapp fallback when one is set, else `non_rcs`), marks the
 * batch ready, wakes the campaign for the engine and queues the capability callback. A batch
 * already ready (a retried job) is left alone. When the provider keeps failing, the last try
 * ends the batch with `success: false` and no number sent over RCS.
 */
export async function checkBatchCapability(data: CapabilityJob, job?: JobInfo): Promise<void> {
  const ctx = systemCtx("rcs-capability");
  const [batch] = await rawQuery<Batch>(
    ctx.db,
    `SELECT b.awaiting, b.fallback, p.fallback AS campaign_fallback
     FROM promotion_batches b JOIN promotions p ON p.id = b.promotion_id
     WHERE b.id = $1 AND b.business_id = $2 AND b.promotion_id = $3 AND b.state = 'checking'`,
    [data.batchId, data.businessId, data.promotionId],
  );
  if (!batch) return;
  const subscribers = batch.awaiting ?? [];
  let capable: Set<string> | undefined;
  let failure: string | undefined;
  try {
    const channel = await loadChannel(ctx, data.businessId, "rcs");
    if (!channel || !channel.enabled) throw new Error("the RCS channel of the business is not enabled");
    capable = await capableNumbers(
      channel,
      subscribers.map((s) => s.phone),
    );
  } catch (err) {
    if (job && !(await isLastTry(ctx, job))) throw err;
    failure = err instanceof Error ? err.message : String(err);
    log.warn({ err, batchId: data.batchId }, "capability check failed for good");
  }
  const hasFallback = Boolean(batch.fallback ?? batch.campaign_fallback);
  await inTransaction(ctx, (tx) => finish(tx, data, subscribers, capable, hasFallback, failure));
}

async function finish(
  tx: Ctx,
  data: CapabilityJob,
  subscribers: AwaitingSubscriber[],
  capable: Set<string> | undefined,
  hasFallback: boolean,
  failure: string | undefined,
): Promise<void> {
  // The row lock makes a concurrent retry of the same job find the batch ready and stop.
  const locked = await rawQuery(
    tx.db,
    `SELECT 1 FROM promotion_batches WHERE id = $1 AND business_id = $2 AND state = 'checking' FOR UPDATE`,
    [data.batchId, data.businessId],
  );
  if (locked.length === 0) return;
  // promotion_recipients has no foreign key (a trigger on promotions deletes the recipients of
  // deleted promotions): the promotion row is held here, once, as the key held it per row.
  const held = await rawQuery(
    tx.db,
    "SELECT 1 FROM promotions WHERE id = $1 AND business_id = $2 FOR KEY SHARE",
    [data.promotionId, data.businessId],
  );
  if (held.length === 0) return;
  const rows = subscribers.map((s) => {
    const rcs = capable?.has(s.phone) ?? false;
    return {
      seq: s.seq,
      phone: s.phone,
      vars: s.vars,
      rcs,
      state: rcs || hasFallback ? "pending" : "non_rcs",
      via_fallback: !rcs && hasFallback,
      error: failure ? `capability check failed: ${failure}`.slice(0, 500) : null,
    };
  });
  // A number another batch made a recipient meanwhile keeps its first entry (ON CONFLICT).
  const inserted = await rawQuery<{ phone: string; state: string }>(
    tx.db,
    `INSERT INTO promotion_recipients (promotion_id, seq, business_id, batch_id, phone, name, language, subscriber_id, vars, state, via_fallback, error)
     SELECT $1, v.seq, $2, $3, v.phone, v.vars->>'name', v.vars->>'language', v.vars->>'businesssubscriberid', v.vars, v.state, v.via_fallback, v.error
     FROM json_to_recordset($4::json) AS v(seq bigint, phone text, vars jsonb, state text, via_fallback boolean, error text)
     ON CONFLICT DO NOTHING
     RETURNING phone, state`,
    [data.promotionId, data.businessId, data.batchId, JSON.stringify(rows)],
  );
  const kept = new Set(inserted.map((r) => r.phone));
  const checked = rows.filter((r) => kept.has(r.phone));
  const rcsNumbers = failure ? [] : checked.filter((r) => r.rcs).map((r) => r.phone);
  const nonRcsNumbers = failure ? [] : checked.filter((r) => !r.rcs).map((r) => r.phone);
  await rawQuery(
    tx.db,
    `UPDATE promotion_batches SET state = 'ready', awaiting = NULL, rcs_count = $3, non_rcs_count = $4
     WHERE id = $1 AND business_id = $2`,
    [data.batchId, data.businessId, rcsNumbers.length, failure ? checked.length : nonRcsNumbers.length],
  );
  if (inserted.some((r) => r.state === "pending")) {
    await rawQuery(
      tx.db,
      `UPDATE promotions SET next_run_at = now(), updated_at = now()
       WHERE id = $1 AND business_id = $2 AND status = 'Active'`,
      [data.promotionId, data.businessId],
    );
  }
  await enqueueCallback(tx, {
    businessId: data.businessId,
    event: "capability.batch",
    subjectId: data.batchId,
    payload: {
      success: !failure,
      promotionId: data.promotionId,
      batchId: data.batchId,
      totalProcessed: failure ? 0 : checked.length,
      rcsNumbers: rcsNumbers.map(maskPhone),
      nonRcsNumbers,
      rcsCount: rcsNumbers.length,
      nonRcsCount: nonRcsNumbers.length,
    },
  });
}

/** Whether pg-boss will not retry this job after a failure (its retries are used up). */
async function isLastTry(ctx: Ctx, job: JobInfo): Promise<boolean> {
  const [row] = await rawQuery<{ retry_count: number; retry_limit: number }>(
    ctx.db,
    `SELECT retry_count, retry_limit FROM pgboss.job WHERE name = $1 AND id = $2`,
    [job.queue, job.id],
  );
  return !row || row.retry_count >= row.retry_limit;
}
