import type { RowOf } from "../../db/row-of";
import type { awayNotices } from "@/db/schema";
import type { Ctx } from "../../context";
import type { ConversationRow } from "../../conversations/conversation-row";
import { sendFreeForm } from "../../conversations/reply-to-conversation";
import { rawQuery } from "../../db/sql";
import { getBusinessHours } from "./hours-store";
import { openAt, openedBetween } from "./open-at";

/** While open but nobody is on shift, the notice is repeated at most this often. */
const NO_AGENT_REPEAT_MS = 12 * 60 * 60 * 1000;

/**
 * The inbox's away notice (the business's `awayText`): to customers whose message no flow took,
 * while the business is closed or no agent is Available, once per conversation per closed
 * period (not again until the business has been open since the last one; while open without
 * agents, at most every 12 hours). In the transaction storing the message (the window is open).
 */
export async function sendAwayNotices(tx: Ctx, businessId: string, convs: ConversationRow[]): Promise<void> {
  if (convs.length === 0) return;
  const hours = await getBusinessHours(tx, businessId);
  if (!hours?.awayText) return;
  const now = new Date();
  const closed = !openAt(hours, now);
  if (!closed) {
    const [agents] = await rawQuery<{ n: number }>(
      tx.db,
      `SELECT count(*)::int AS n FROM users WHERE business_id = $1 AND enabled AND status = 'Available' AND role <> 'OPERATOR'`,
      [businessId],
    );
    if (agents!.n > 0) return;
  }
  const last = new Map(
    (
      await rawQuery<Pick<RowOf<typeof awayNotices>, "conversation_id" | "sent_at">>(
        tx.db,
        `SELECT conversation_id, sent_at FROM away_notices WHERE business_id = $1 AND conversation_id = ANY($2::uuid[])`,
        [businessId, convs.map((c) => c.id)],
      )
    ).map((r) => [r.conversation_id, r.sent_at]),
  );
  for (const conv of convs) {
    const sentAt = last.get(conv.id);
    if (sentAt) {
      if (closed && !openedBetween(hours, sentAt, now)) continue;
      if (!closed && now.getTime() - sentAt.getTime() < NO_AGENT_REPEAT_MS) continue;
    }
    await sendFreeForm(
      tx,
      businessId,
      conv,
      conv.channel === "chatapp"
        ? { kind: "text", text: hours.awayText }
        : { kind: "rcs_text", text: hours.awayText },
      {},
    );
    await rawQuery(
      tx.db,
      `INSERT INTO away_notices (conversation_id, business_id, sent_at) VALUES ($1, $2, $3)
       ON CONFLICT (conversation_id) DO UPDATE SET sent_at = $3`,
      [conv.id, businessId, now],
    );
  }
}
