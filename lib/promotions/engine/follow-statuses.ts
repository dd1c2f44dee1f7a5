import type { RowOf } from "../../db/row-of";
import type { promotions } from "@/db/schema";
import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import type { MovedMessage } from "../../messages/status/status-listeners";

/** Recipient states a message status maps to, by rank: a recipient only moves forward. */
const RANK: Record<string, number> = { queued: 0, sent: 1, delivered: 2, read: 3, failed: 4 };
const COUNTED = new Set(["sent", "delivered", "read", "failed"]);

function stateOf(status: string): string | null {
  if (status === "sent" || status === "delivered" || status === "read") return status;
  if (status === "failed" || status === "error") return "failed";
  return null; // accepted: still queued
}

type Recipient = {
  promotion_id: string;
  seq: number;
  round: number;
  state: string;
  message_id: string;
  arm: number | null;
};
type Delta = { sent: number; delivered: number; read: number; failed: number };
/** An A/B arm's delivered (delivered or read) and read recipients, as a state counts in them. */
const armDelivered = (state: string) => (state === "delivered" || state === "read" ? 1 : 0);
const armRead = (state: string) => (state === "read" ? 1 : 0);

/**
 * The status listener of promotions (onStatusMoved "promotions", inside applyStatusEvents'
 * transaction): the recipients whose message moved take its status (furthest only; `error`
 * counts as failed, as the promotion stats have no error counter) and their round's counters
 * move the recipient from its old bucket to the new one, so each recipient is counted once
 * per round under its furthest status, as B3 counts messages, and the counters always equal a
 * COUNT over the recipients. A recipient of an A/B test moves its arm's delivered and read
 * (promotion_arm_counters) in the same statement. Messages of other transactions are skipped
 * with one lookup.
 */
export async function followPromotionStatuses(tx: Ctx, moved: MovedMessage[]): Promise<void> {
  const txIds = [...new Set(moved.map((m) => m.transactionId))];
  const promos = await rawQuery<Pick<RowOf<typeof promotions>, "id">>(
    tx.db,
    `SELECT id FROM promotions WHERE id = ANY($1::uuid[])`,
    [txIds],
  );
  if (promos.length === 0) return;
  const isPromo = new Set(promos.map((p) => p.id));
  const relevant = moved.filter((m) => isPromo.has(m.transactionId) && stateOf(m.status));
  if (relevant.length === 0) return;

  const recipients = await rawQuery<Recipient>(
    tx.db,
    `SELECT promotion_id, seq::float8 AS seq, round, state, message_id, arm FROM promotion_recipients
     WHERE message_id = ANY($1::uuid[]) AND business_id = ANY($2::uuid[])
       AND state IN ('queued', 'sent', 'delivered', 'read')
     ORDER BY promotion_id, promotion_recipients.seq FOR UPDATE`,
    [relevant.map((m) => m.messageId), [...new Set(relevant.map((m) => m.businessId))]],
  );
  const byMessage = new Map(relevant.map((m) => [m.messageId, m]));
  const updates: Array<{ r: Recipient; state: string; m: MovedMessage }> = [];
  const deltas = new Map<string, { promotionId: string; round: number; d: Delta }>();
  const armDeltas = new Map<string, { promotionId: string; arm: number; delivered: number; read: number }>();
  for (const r of recipients) {
    const m = byMessage.get(r.message_id);
    const state = m && stateOf(m.status);
    if (!m || !state || RANK[state]! <= RANK[r.state]!) continue;
    updates.push({ r, state, m });
    const key = `${r.promotion_id}|${r.round}`;
    const entry = deltas.get(key) ?? {
      promotionId: r.promotion_id,
      round: r.round,
      d: { sent: 0, delivered: 0, read: 0, failed: 0 },
    };
    if (COUNTED.has(r.state)) entry.d[r.state as keyof Delta]--;
    entry.d[state as keyof Delta]++;
    deltas.set(key, entry);
    if (r.arm === null) continue;
    const armKey = `${r.promotion_id}|${r.arm}`;
    const a = armDeltas.get(armKey) ?? { promotionId: r.promotion_id, arm: r.arm, delivered: 0, read: 0 };
    a.delivered += armDelivered(state) - armDelivered(r.state);
    a.read += armRead(state) - armRead(r.state);
    armDeltas.set(armKey, a);
  }
  if (updates.length === 0) return;
  await rawQuery(
    tx.db,
    `UPDATE promotion_recipients r SET state = v.state, error_code = coalesce(v.code, r.error_code),
       error = coalesce(v.reason, r.error), updated_at = v.at
     FROM unnest($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::timestamptz[])
       AS v(pid, seq, state, code, reason, at)
     WHERE r.promotion_id = v.pid AND r.seq = v.seq`,
    [
      updates.map((u) => u.r.promotion_id),
      updates.map((u) => u.r.seq),
      updates.map((u) => u.state),
      updates.map((u) => (u.state === "failed" ? u.m.errorCode : null)),
      updates.map((u) => (u.state === "failed" ? u.m.reason : null)),
      updates.map((u) => u.m.at),
    ],
  );
  const list = [...deltas.values()].sort(
    (a, b) => a.promotionId.localeCompare(b.promotionId) || a.round - b.round,
  );
  const arms = [...armDeltas.values()]
    .filter((a) => a.delivered !== 0 || a.read !== 0)
    .sort((a, b) => a.promotionId.localeCompare(b.promotionId) || a.arm - b.arm);
  await rawQuery(
    tx.db,
    `WITH arms AS (
       UPDATE promotion_arm_counters c SET delivered = c.delivered + a.delivered, read = c.read + a.read
       FROM unnest($7::uuid[], $8::smallint[], $9::int[], $10::int[]) AS a(pid, arm, delivered, read)
       WHERE c.promotion_id = a.pid AND c.arm = a.arm)
     UPDATE promotion_counters c SET sent = c.sent + v.sent, delivered = c.delivered + v.delivered,
       read = c.read + v.read, failed = c.failed + v.failed
     FROM unnest($1::uuid[], $2::int[], $3::int[], $4::int[], $5::int[], $6::int[])
       AS v(pid, round, sent, delivered, read, failed)
     WHERE c.promotion_id = v.pid AND c.round = v.round`,
    [
      list.map((x) => x.promotionId),
      list.map((x) => x.round),
      list.map((x) => x.d.sent),
      list.map((x) => x.d.delivered),
      list.map((x) => x.d.read),
      list.map((x) => x.d.failed),
      arms.map((a) => a.promotionId),
      arms.map((a) => a.arm),
      arms.map((a) => a.delivered),
      arms.map((a) => a.read),
    ],
  );
}
