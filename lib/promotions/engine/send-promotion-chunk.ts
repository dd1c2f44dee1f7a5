import type { Ctx } from "../../context";
import { uuidv7 } from "../../ids";
import { rawQuery } from "../../db/sql";
import { insertSendRows, type NewMessage } from "../../messages/send/insert-send-rows";
import { campaignLinkTracker } from "../../economics/links/campaign-link-tracker";
import { cellsArraySql } from "../lists/list-cells";
import type { PromotionRow } from "../promotion-record";
import { recipientPlanner } from "./plan-recipient-message";

type Claimed = {
  seq: number;
  phone: string;
  name: string | null;
  language: string | null;
  subscriber_id: string | null;
  vars: Record<string, string>;
  batch_id: string | null;
  via_fallback: boolean;
  arm: number | null;
};

export type ChunkResult = { claimed: number; queued: number; failed: number };

/**
 * Sends up to `limit` pending recipients of the promotion's current round, inside the caller's
 * transaction (which holds the promotion row): claims them (FOR UPDATE SKIP LOCKED, in seq
 * order, only from batches that are ready) with their values (a list's recipients: its row,
 * list_id = target_list_id and row_number = seq; C2's: their own `vars`), plans each message,
 * then writes together the
 * promotion_sends rows (their primary key makes a second send of a recipient in the same round
 * impossible, even after a crash), the transaction row (id = promotion id, kind 'promotion'),
 * the messages with their dispatch jobs, the recipients' tracked links (when the campaign tracks
 * clicks: each recipient's own codes), the recipients' new states and the round's counters.
 * A crash before the commit leaves everything pending; after it, everything is sent once.
 */
export async function sendPromotionChunk(tx: Ctx, p: PromotionRow, limit: number): Promise<ChunkResult> {
  if (limit <= 0) return { claimed: 0, queued: 0, failed: 0 };
  const round = p.currentRound;
  const rows = await rawQuery<Claimed>(
    tx.db,
    `SELECT r.seq::float8 AS seq, r.phone, r.name, r.language, r.subscriber_id, r.batch_id, r.via_fallback, r.arm,
            coalesce(r.vars, jsonb_object(k.keys, ${cellsArraySql("l")}) || jsonb_build_object('phone', r.phone), '{}'::jsonb) AS vars
     FROM promotion_recipients r
     LEFT JOIN target_list_rows l ON r.vars IS NULL AND l.list_id = $5 AND l.row_number = r.seq
     LEFT JOIN LATERAL (SELECT ARRAY(SELECT lower(c) FROM target_lists t, jsonb_array_elements_text(t.columns)
                          WITH ORDINALITY AS c(c, pos) WHERE t.id = $5 ORDER BY c.pos) AS keys) k ON l.cells IS NOT NULL
     WHERE r.promotion_id = $1 AND r.business_id = $2 AND r.state = 'pending' AND r.round = $3
       AND (r.locked_until IS NULL OR r.locked_until <= now())
       AND (r.batch_id IS NULL OR EXISTS (SELECT 1 FROM promotion_batches b
             WHERE b.id = r.batch_id AND b.business_id = r.business_id AND b.state = 'ready'))
     ORDER BY r.seq LIMIT $4 FOR UPDATE OF r SKIP LOCKED`,
    [p.id, p.businessId, round, limit, p.targetListId],
  );
  if (rows.length === 0) return { claimed: 0, queued: 0, failed: 0 };

  const plan = recipientPlanner(tx, p);
  const links = campaignLinkTracker(tx, p);
  const msgs: NewMessage[] = [];
  const sentSeqs: number[] = [];
  const failed: Array<{ seq: number; code: string; reason: string }> = [];
  for (const r of rows) {
    // The record's own columns are referable too, whatever the list called them.
    const vars = {
      phone: r.phone,
      name: r.name ?? "",
      language: r.language ?? "",
      businesssubscriberid: r.subscriber_id ?? "",
      ...r.vars,
    };
    const planned = await plan({ batchId: r.batch_id, viaFallback: r.via_fallback, arm: r.arm, vars });
    if (!planned.ok) {
      failed.push({ seq: r.seq, code: planned.errorCode, reason: planned.reason });
      continue;
    }
    sentSeqs.push(r.seq);
    const msg: NewMessage = {
      id: uuidv7(),
      businessId: p.businessId,
      transactionId: p.id,
      recipient: r.phone,
      // Status callbacks carry the subscriber's own id when the list had one.
      messageRef: r.subscriber_id ?? "",
      ...planned.message,
    };
    msgs.push(links ? await links.track(msg, r) : msg);
  }

  if (msgs.length > 0) {
    const first = msgs[0]!;
    await rawQuery(
      tx.db,
      `INSERT INTO message_transactions (id, business_id, kind, channel, template_id, template_name, language, total)
       VALUES ($1, $2, 'promotion', $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO UPDATE SET total = message_transactions.total + excluded.total`,
      [p.id, p.businessId, first.channel, first.templateId, first.templateName, first.language, msgs.length],
    );
    await rawQuery(
      tx.db,
      `INSERT INTO promotion_sends (promotion_id, seq, round, message_id)
       SELECT $1, v.seq, $2, v.mid FROM unnest($3::bigint[], $4::uuid[]) AS v(seq, mid)`,
      [p.id, round, sentSeqs, msgs.map((m) => m.id)],
    );
    await insertSendRows(tx.db, [], msgs);
    await links?.write(tx);
    await rawQuery(
      tx.db,
      `UPDATE promotion_recipients r SET state = 'queued', message_id = v.mid, error_code = NULL, error = NULL,
         locked_until = NULL, updated_at = now()
       FROM unnest($3::bigint[], $4::uuid[]) AS v(seq, mid)
       WHERE r.promotion_id = $1 AND r.business_id = $2 AND r.seq = v.seq`,
      [p.id, p.businessId, sentSeqs, msgs.map((m) => m.id)],
    );
  }
  if (failed.length > 0) {
    await rawQuery(
      tx.db,
      `UPDATE promotion_recipients r SET state = 'failed', error_code = v.code, error = v.reason, updated_at = now()
       FROM unnest($3::bigint[], $4::text[], $5::text[]) AS v(seq, code, reason)
       WHERE r.promotion_id = $1 AND r.business_id = $2 AND r.seq = v.seq`,
      [p.id, p.businessId, failed.map((f) => f.seq), failed.map((f) => f.code), failed.map((f) => f.reason)],
    );
  }
  await bumpCounters(tx, p, round, { attempted: rows.length, failed: failed.length });
  return { claimed: rows.length, queued: msgs.length, failed: failed.length };
}

/** Adds to the round's counters, creating its row on first use. */
export async function bumpCounters(
  tx: Ctx,
  p: { id: string; businessId: string },
  round: number,
  add: { attempted?: number; failed?: number },
): Promise<void> {
  await rawQuery(
    tx.db,
    `INSERT INTO promotion_counters (promotion_id, round, business_id, attempted, failed)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (promotion_id, round) DO UPDATE SET attempted = promotion_counters.attempted + excluded.attempted,
       failed = promotion_counters.failed + excluded.failed`,
    [p.id, round, p.businessId, add.attempted ?? 0, add.failed ?? 0],
  );
}
