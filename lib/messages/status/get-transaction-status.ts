import type { Ctx } from "../../context";
import { notFound } from "../../errors";
import { isUuid } from "../../ids";
import { rawQuery } from "../../db/sql";
import type { PartialStatus } from "../schemas";

const epoch = (col: string) => `coalesce(floor(extract(epoch FROM ${col}))::bigint, 0)`;

/** A transaction of the business, or 404: another business's transaction id is just unknown here. */
async function requireTransaction(ctx: Ctx, businessId: string, transactionId: string): Promise<void> {
  const found = isUuid(transactionId)
    ? await rawQuery(ctx.db, `SELECT 1 FROM message_transactions WHERE business_id = $1 AND id = $2`, [
        businessId,
        transactionId,
      ])
    : [];
  if (found.length === 0) throw notFound("Transaction");
}

/**
 * B2: one complete status record per message, as a JSON array text built by the database
 * (10,000 records are serialised once, not parsed and re-serialised). Timestamps are epoch
 * seconds, 0 when not reached; error fields are empty strings when there is no error. The id is
 * `platform_msg_id` (the interface) and `msgkart_msg_id` too, the same value: the vendor's
 * published page names it so, and clients written against that page read it.
 */
export async function completeStatusJson(
  ctx: Ctx,
  businessId: string,
  transactionId: string,
): Promise<string> {
  await requireTransaction(ctx, businessId, transactionId);
  const [row] = await rawQuery<{ body: string }>(
    ctx.db,
    `SELECT coalesce(json_agg(json_build_object(
        'platform_msg_id', id, 'msgkart_msg_id', id, 'subscriber_id', recipient, 'msg_type', msg_type, 'msg_status', status,
        'error_code', coalesce(error_code, ''), 'failed_reason', coalesce(failed_reason, ''),
        'failed_at', ${epoch("failed_at")}, 'time_stamp', ${epoch("created_at")},
        'accepted_at', ${epoch("accepted_at")}, 'sent_at', ${epoch("sent_at")},
        'delivered_at', ${epoch("delivered_at")}, 'read_at', ${epoch("read_at")},
        'language', language, 'template_name', template_name) ORDER BY id), '[]')::text AS body
     FROM messages WHERE business_id = $1 AND transaction_id = $2`,
    [businessId, transactionId],
  );
  return row!.body;
}

/** B3: each message counted once, under its current status; `attempted` is the total. */
export async function partialStatus(
  ctx: Ctx,
  businessId: string,
  transactionId: string,
): Promise<PartialStatus> {
  await requireTransaction(ctx, businessId, transactionId);
  const rows = await rawQuery<{ status: string; n: number }>(
    ctx.db,
    `SELECT status, count(*)::int AS n FROM messages WHERE business_id = $1 AND transaction_id = $2 GROUP BY status`,
    [businessId, transactionId],
  );
  const out: PartialStatus = {
    attempted: 0,
    failed: 0,
    error: 0,
    accepted: 0,
    sent: 0,
    delivered: 0,
    read: 0,
  };
  for (const r of rows) {
    out.attempted += r.n;
    if (r.status !== "attempted") out[r.status as keyof PartialStatus] += r.n;
  }
  return out;
}
