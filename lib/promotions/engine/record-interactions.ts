import type { Ctx } from "../../context";
import type { InboundListener } from "../../inbound/inbound-listeners";
import { rawQuery } from "../../db/sql";
import { isOptOutText } from "../opt-outs/opt-out-keywords";

/**
 * The inbound listener of promotions (onInboundStored "promotion-interactions", inside
 * recordInboundMessages' transaction): a reply or button press from a number marks, once,
 * each of the business's promotion recipients with that number whose message it answers
 * (replyToMessageId) or was created within the promotion's attributionWindow hours before it;
 * the recipient's round counts one `interacted` (and its A/B arm one `replied`, in
 * promotion_arm_counters). Only recipients whose message went out
 * (sent, delivered, read) count: a failed message cannot be answered. An opt-out reply (STOP)
 * is not an interaction: it counts as `optout` (count-reply-opt-outs.ts).
 */
export const recordPromotionInteractions: InboundListener = async (tx: Ctx, all) => {
  const input = { ...all, messages: all.messages.filter((m) => !isOptOutText(m.text)) };
  if (input.messages.length === 0) return;
  const rows = await rawQuery<{ promotion_id: string; round: number; arm: number | null }>(
    tx.db,
    `WITH v AS (SELECT * FROM unnest($2::text[], $3::uuid[], $4::timestamptz[]) AS v(phone, reply_to, at)),
     hit AS (
       SELECT DISTINCT r.promotion_id, r.seq FROM promotion_recipients r
       JOIN v ON r.phone = v.phone
       JOIN promotion_sends s ON s.promotion_id = r.promotion_id AND s.seq = r.seq AND s.round = r.round
       JOIN promotions p ON p.id = r.promotion_id AND p.business_id = r.business_id
       WHERE r.business_id = $1 AND r.message_id IS NOT NULL AND NOT r.interacted
         AND r.state IN ('sent', 'delivered', 'read')
         AND (r.message_id = v.reply_to
              OR (s.created_at <= v.at AND s.created_at > v.at - make_interval(hours => p.attribution_window))))
     UPDATE promotion_recipients r SET interacted = true
     FROM hit WHERE r.promotion_id = hit.promotion_id AND r.seq = hit.seq
     RETURNING r.promotion_id, r.round, r.arm`,
    [
      input.businessId,
      input.messages.map((m) => m.from),
      input.messages.map((m) => m.replyToMessageId),
      input.messages.map((m) => m.receivedAt),
    ],
  );
  if (rows.length === 0) return;
  const list = tally(rows.map((r) => ({ pid: r.promotion_id, key: r.round })));
  const arms = tally(rows.filter((r) => r.arm !== null).map((r) => ({ pid: r.promotion_id, key: r.arm! })));
  await rawQuery(
    tx.db,
    `WITH arms AS (
       UPDATE promotion_arm_counters c SET replied = c.replied + a.n
       FROM unnest($4::uuid[], $5::smallint[], $6::int[]) AS a(pid, arm, n)
       WHERE c.promotion_id = a.pid AND c.arm = a.arm)
     UPDATE promotion_counters c SET interacted = c.interacted + v.n
     FROM unnest($1::uuid[], $2::int[], $3::int[]) AS v(pid, round, n)
     WHERE c.promotion_id = v.pid AND c.round = v.round`,
    [
      list.map((c) => c.pid),
      list.map((c) => c.key),
      list.map((c) => c.n),
      arms.map((c) => c.pid),
      arms.map((c) => c.key),
      arms.map((c) => c.n),
    ],
  );
};

/** The rows counted by promotion and key (its round, or its arm), in lock order. */
function tally(rows: Array<{ pid: string; key: number }>) {
  const counts = new Map<string, { pid: string; key: number; n: number }>();
  for (const r of rows) {
    const id = `${r.pid}|${r.key}`;
    const c = counts.get(id) ?? { pid: r.pid, key: r.key, n: 0 };
    c.n++;
    counts.set(id, c);
  }
  return [...counts.values()].sort((a, b) => a.pid.localeCompare(b.pid) || a.key - b.key);
}
