import { enqueueCallbacks } from "../../callbacks/enqueue-callbacks";
import type { CallbackEvent, MessageStatusPayload } from "../../callbacks/schemas";
import { inTransaction, type Ctx } from "../../context";
import { isUuid, uuidv7, uuidv7Ms } from "../../ids";
import { rawQuery } from "../../db/sql";
import { log } from "../../log";
import { countMessageStatuses, type MessageCount } from "../../metrics/record";
import { recordTemplateUsage } from "../../templates/record-template-usage";
import type { StatusPricing } from "../../channels/message-provider";
import { statusRank, type MessageStatus } from "../schemas";
import { notifyStatusMoved } from "./status-listeners";

/** One status event, from a provider webhook, the simulator, the dispatcher or the virtual phone. */
export type StatusEventInput = {
  /** Known to internal sources; webhooks may not know it. */
  businessId?: string;
  messageId?: string;
  provider?: string;
  providerMessageId?: string;
  status: "sent" | "delivered" | "read" | "failed" | "error";
  at: Date;
  errorCode?: string;
  reason?: string;
  details?: string;
  /** What the provider charged (Meta's `pricing`), kept on the message. */
  pricing?: StatusPricing;
  source: string;
};

export type ApplyResult = { applied: number; absorbed: number; unknown: number };

type Row = {
  id: string;
  business_id: string;
  status: MessageStatus;
  transaction_id: string;
  message_ref: string;
  recipient: string;
  template_id: string | null;
  provider: string;
  provider_message_id: string | null;
  channel: string;
};

type Outcome = "applied" | "implied" | "duplicate" | "late" | "after_final";
const STEPS = ["sent", "delivered", "read"] as const;

/**
 * Applies status events in one transaction: each message moves only forward (docs/architecture.md rule 8;
 * failed and error are terminal, and a failure after delivery is late), statuses skipped by an
 * out-of-order event are implied at its time, every event is recorded with what became of it
 * (an applied sent, delivered or read by its stamp on the message: writeRecords), and each
 * status reached raises its message-status callback and usage counter, in batches.
 */
export async function applyStatusEvents(ctx: Ctx, events: StatusEventInput[]): Promise<ApplyResult> {
  if (events.length === 0) return { applied: 0, absorbed: 0, unknown: 0 };
  // Counted once the statuses are written (a rolled-back batch counts nothing).
  const counted: Array<MessageCount & { lagSeconds?: number }> = [];
  const result = await inTransaction(ctx, async (tx) => {
    counted.length = 0;
    const rows = await lockMessages(tx, events);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const byProviderId = new Map(rows.map((r) => [`${r.provider}|${r.provider_message_id}`, r]));
    const perMessage = new Map<string, StatusEventInput[]>();
    let unknown = 0;
    for (const e of events) {
      const row =
        (e.messageId && byId.get(e.messageId)) || byProviderId.get(`${e.provider}|${e.providerMessageId}`);
      if (!row || (e.businessId && e.businessId !== row.business_id)) {
        unknown++;
        continue;
      }
      const list = perMessage.get(row.id);
      if (list) list.push(e);
      else perMessage.set(row.id, [e]);
    }

    const updates: Array<{
      row: Row;
      status: MessageStatus;
      stamps: Partial<Record<string, Date>>;
      failure?: StatusEventInput;
      pricing?: StatusPricing;
    }> = [];
    const records: Array<{ row: Row; e: StatusEventInput; status: string; outcome: Outcome }> = [];
    const callbacks = new Map<string, CallbackEvent[]>();
    const usage = new Map<string, { sent: number; delivered: number; read: number; failed: number }>();
    let applied = 0;
    let absorbed = 0;
    for (const [id, list] of perMessage) {
      const row = byId.get(id)!;
      // Within one batch, apply in status order so a batch that lists read before delivered
      // still walks every step.
      list.sort((a, b) => statusRank[a.status] - statusRank[b.status] || a.at.getTime() - b.at.getTime());
      let current = row.status;
      const stamps: Partial<Record<string, Date>> = {};
      let failure: StatusEventInput | undefined;
      let pricing: StatusPricing | undefined;
      for (const e of list) {
        pricing = e.pricing ?? pricing;
        const outcome = transition(current, e.status);
        records.push({ row, e, status: e.status, outcome });
        if (outcome !== "applied") {
          absorbed++;
          continue;
        }
        applied++;
        const reached: Array<{ status: MessageStatus; implied: boolean }> = [];
        if (e.status === "failed" || e.status === "error") {
          reached.push({ status: e.status, implied: false });
          failure = e;
        } else {
          for (const s of STEPS) {
            if (statusRank[s] > statusRank[current] && statusRank[s] <= statusRank[e.status])
              reached.push({ status: s, implied: s !== e.status });
          }
          if (current === "attempted") stamps.accepted = e.at;
        }
        for (const r of reached) {
          stamps[r.status === "error" ? "failed" : r.status] = e.at;
          if (r.implied) records.push({ row, e, status: r.status, outcome: "implied" });
          pushCallback(callbacks, row, r.status, e);
          countUsage(usage, row.template_id, r.status);
          counted.push({
            status: r.status,
            channel: row.channel,
            provider: row.provider,
            errorCode: r.status === "failed" || r.status === "error" ? (e.errorCode ?? "") : "",
            // The id is a UUIDv7 made at acceptance: its first 48 bits are that millisecond.
            lagSeconds: r.status === "sent" ? (e.at.getTime() - uuidv7Ms(row.id)) / 1000 : undefined,
          });
        }
        current = e.status;
      }
      if (current !== row.status) updates.push({ row, status: current, stamps, failure, pricing });
    }

    await writeUpdates(tx, updates);
    await writeRecords(tx, records);
    await notifyStatusMoved(
      tx,
      updates.map((u) => ({
        businessId: u.row.business_id,
        messageId: u.row.id,
        transactionId: u.row.transaction_id,
        status: u.status,
        errorCode: u.failure?.errorCode ?? null,
        reason: u.failure ? (u.failure.reason ?? "") : null,
        at: latestStamp(u.stamps),
      })),
    );
    for (const [businessId, list] of callbacks) await enqueueCallbacks(tx, businessId, list);
    for (const [templateId, counts] of usage) await recordTemplateUsage(tx, templateId, counts);
    if (unknown > 0) log.debug({ unknown }, "status events for unknown messages ignored");
    return { applied, absorbed, unknown };
  });
  countMessageStatuses(counted);
  return result;
}

function latestStamp(stamps: Partial<Record<string, Date>>): Date {
  const times = Object.values(stamps).flatMap((d) => (d ? [d.getTime()] : []));
  return times.length > 0 ? new Date(Math.max(...times)) : new Date();
}

function transition(current: MessageStatus, next: StatusEventInput["status"]): Outcome {
  if (current === "failed" || current === "error") return "after_final";
  if (next === "failed" || next === "error")
    return statusRank[current] <= statusRank.sent ? "applied" : "late";
  if (statusRank[next] > statusRank[current]) return "applied";
  return statusRank[next] === statusRank[current] ? "duplicate" : "late";
}

/** Locks the messages the events name, in id order (no deadlocks between concurrent appliers). */
async function lockMessages(tx: Ctx, events: StatusEventInput[]): Promise<Row[]> {
  const ids = [...new Set(events.flatMap((e) => (e.messageId && isUuid(e.messageId) ? [e.messageId] : [])))];
  const providerRefs = events.filter(
    (e) => !(e.messageId && isUuid(e.messageId)) && e.provider && e.providerMessageId,
  );
  const cols = `id, business_id, status, transaction_id, message_ref, recipient, template_id, provider, provider_message_id, channel`;
  const rows: Row[] = [];
  // Internal sources and per-business webhook URLs name the business: the lookups are then
  // tenant-scoped in SQL as well (another business's message is never locked nor matched).
  const businesses = events.every((e) => e.businessId)
    ? [...new Set(events.map((e) => e.businessId!))]
    : null;
  if (ids.length > 0) {
    rows.push(
      ...(await rawQuery<Row>(
        tx.db,
        `SELECT ${cols} FROM messages WHERE id = ANY($1::uuid[]) AND ($2::uuid[] IS NULL OR business_id = ANY($2::uuid[]))
         ORDER BY id FOR UPDATE`,
        [ids, businesses],
      )),
    );
  }
  if (providerRefs.length > 0) {
    rows.push(
      ...(await rawQuery<Row>(
        tx.db,
        `SELECT ${cols} FROM messages m JOIN unnest($1::text[], $2::text[]) AS v(ref_provider, ref_id)
           ON m.provider = v.ref_provider AND m.provider_message_id = v.ref_id
         WHERE ($3::uuid[] IS NULL OR m.business_id = ANY($3::uuid[]))
         ORDER BY m.id FOR UPDATE OF m`,
        [providerRefs.map((e) => e.provider), providerRefs.map((e) => e.providerMessageId), businesses],
      )),
    );
  }
  return rows;
}

function pushCallback(
  map: Map<string, CallbackEvent[]>,
  row: Row,
  status: MessageStatus,
  e: StatusEventInput,
): void {
  const at = Math.floor(e.at.getTime() / 1000);
  const base = { messageId: row.id, messageRef: row.message_ref, subscriberId: row.recipient };
  let payload: MessageStatusPayload;
  if (status === "sent") payload = { ...base, status, sentAt: at };
  else if (status === "delivered") payload = { ...base, status, deliveredAt: at };
  else if (status === "read") payload = { ...base, status, readAt: at };
  else {
    payload = {
      ...base,
      status: "failed",
      failedAt: at,
      failureReason: e.reason ?? "",
      failureDetails: e.details ?? "",
      errorCode: Number.parseInt(e.errorCode ?? "", 10) || 0,
    };
  }
  const list = map.get(row.business_id);
  const event: CallbackEvent = { event: "message.status", payload };
  if (list) list.push(event);
  else map.set(row.business_id, [event]);
}

function countUsage(
  map: Map<string, { sent: number; delivered: number; read: number; failed: number }>,
  templateId: string | null,
  status: MessageStatus,
): void {
  if (!templateId) return;
  const c = map.get(templateId) ?? { sent: 0, delivered: 0, read: 0, failed: 0 };
  if (status === "sent" || status === "delivered" || status === "read") c[status]++;
  else if (status === "failed" || status === "error") c.failed++;
  map.set(templateId, c);
}

// Every status here is past attempted: the message's dispatch lease, if it still held one (an
// early webhook), has no use any more and goes (only messages not accepted yet hold one: the
// dispatch sweeper's index). Already NULL after the acceptance, so the update stays HOT.
async function writeUpdates(
  tx: Ctx,
  updates: Array<{
    row: Row;
    status: MessageStatus;
    stamps: Partial<Record<string, Date>>;
    failure?: StatusEventInput;
    pricing?: StatusPricing;
  }>,
): Promise<void> {
  if (updates.length === 0) return;
  const col = (k: string) => updates.map((u) => u.stamps[k] ?? null);
  await rawQuery(
    tx.db,
    `UPDATE messages m SET status = v.status,
       accepted_at = coalesce(m.accepted_at, v.accepted_at), sent_at = coalesce(m.sent_at, v.sent_at),
       delivered_at = coalesce(m.delivered_at, v.delivered_at), read_at = coalesce(m.read_at, v.read_at),
       failed_at = coalesce(m.failed_at, v.failed_at), error_code = coalesce(v.error_code, m.error_code),
       failed_reason = coalesce(v.reason, m.failed_reason), failure_details = coalesce(v.details, m.failure_details),
       billable = coalesce(v.billable, m.billable), pricing_category = coalesce(v.pricing_category, m.pricing_category),
       dispatch_locked_until = NULL,
       updated_at = now()
     FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::timestamptz[],
       $7::timestamptz[], $8::timestamptz[], $9::text[], $10::text[], $11::text[], $12::boolean[], $13::text[])
       AS v(business_id, id, status, accepted_at, sent_at, delivered_at, read_at, failed_at, error_code, reason, details,
            billable, pricing_category)
     WHERE m.business_id = v.business_id AND m.id = v.id`,
    [
      updates.map((u) => u.row.business_id),
      updates.map((u) => u.row.id),
      updates.map((u) => u.status),
      col("accepted"),
      col("sent"),
      col("delivered"),
      col("read"),
      col("failed"),
      updates.map((u) => u.failure?.errorCode ?? null),
      updates.map((u) => (u.failure ? (u.failure.reason ?? "") : null)),
      updates.map((u) => (u.failure ? (u.failure.details ?? "") : null)),
      updates.map((u) => u.pricing?.billable ?? null),
      updates.map((u) => u.pricing?.category ?? null),
    ],
  );
}

/**
 * An event that moved its message to sent, delivered or read says nothing the message's row
 * does not keep (the step's stamp is the event's time), so it is not written: in a campaign
 * those are three rows per message, a quarter of the row writes a message costs. Written: the
 * steps an out-of-order event implied, every absorbed event (duplicate, late, after a final
 * status) and every other status (failures with their reason and source). The message page
 * shows the unwritten steps from the stamps (get-message-timeline.ts).
 */
const keptOnTheMessage = (r: { status: string; outcome: Outcome }) =>
  r.outcome === "applied" && (STEPS as readonly string[]).includes(r.status);

async function writeRecords(
  tx: Ctx,
  all: Array<{ row: Row; e: StatusEventInput; status: string; outcome: Outcome }>,
): Promise<void> {
  const records = all.filter((r) => !keptOnTheMessage(r));
  if (records.length === 0) return;
  await rawQuery(
    tx.db,
    `INSERT INTO message_events (id, business_id, message_id, status, outcome, source, error_code, reason, details, occurred_at)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
       $9::text[], $10::timestamptz[])`,
    [
      records.map(() => uuidv7()),
      records.map((r) => r.row.business_id),
      records.map((r) => r.row.id),
      records.map((r) => r.status),
      records.map((r) => r.outcome),
      records.map((r) => r.e.source),
      records.map((r) => (r.outcome === "implied" ? null : (r.e.errorCode ?? null))),
      records.map((r) => (r.outcome === "implied" ? null : (r.e.reason ?? null))),
      records.map((r) => (r.outcome === "implied" ? null : (r.e.details ?? null))),
      records.map((r) => r.e.at),
    ],
  );
}
