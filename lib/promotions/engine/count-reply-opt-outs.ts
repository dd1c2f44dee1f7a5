import type { Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import type { StoredInbound } from "../../inbound/inbound-listeners";

/**
 * E4 `optout` for opt-out replies: each promotion recipient with the replying number whose
 * message the reply answers (replyToMessageId) or went out within the promotion's
 * attributionWindow hours before it counts one `optout` in its round. The caller passes only
 * numbers that were newly opted out, so a number counts once.
 */
export async function countReplyOptOuts(
  tx: Ctx,
  businessId: string,
  replies: StoredInbound[],
): Promise<void> {
  if (replies.length === 0) return;
  await rawQuery(
    tx.db,
    `WITH v AS (SELECT * FROM unnest($2::text[], $3::uuid[], $4::timestamptz[]) AS v(phone, reply_to, at)),
     hit AS (
       SELECT r.promotion_id, r.round, count(DISTINCT r.seq)::int AS n FROM promotion_recipients r
       JOIN v ON r.phone = v.phone
       JOIN promotion_sends s ON s.promotion_id = r.promotion_id AND s.seq = r.seq AND s.round = r.round
       JOIN promotions p ON p.id = r.promotion_id AND p.business_id = r.business_id
       WHERE r.business_id = $1 AND r.message_id IS NOT NULL
         AND (r.message_id = v.reply_to
              OR (s.created_at <= v.at AND s.created_at > v.at - make_interval(hours => p.attribution_window)))
       GROUP BY r.promotion_id, r.round
       ORDER BY r.promotion_id, r.round)
     UPDATE promotion_counters c SET optout = c.optout + hit.n
     FROM hit WHERE c.promotion_id = hit.promotion_id AND c.round = hit.round`,
    [
      businessId,
      replies.map((m) => m.from.replace(/^\+/, "")),
      replies.map((m) => m.replyToMessageId),
      replies.map((m) => m.receivedAt),
    ],
  );
}
