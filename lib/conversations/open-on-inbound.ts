import type { Channel } from "../businesses/schemas";
import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { uuidv7 } from "../ids";
import type { StoredInbound } from "../inbound/inbound-listeners";
import type { ConversationRow } from "./conversation-row";
import { publishChange } from "./publish-change";
import { recordEvent } from "./record-event";
import { routeConversation } from "./route-conversation";
import { getRoutingSettings } from "./routing-settings";
import { lockRouting } from "./routing-lock";

const PREVIEW_CHARS = 140;

/**
 * Inbound listener (lib/wiring.ts): a customer's message opens their conversation with the
 * sender it was written to, reopens a resolved one (back to the last agent when Available),
 * moves a pending one back to open, and routes it when nobody holds it. Runs in the
 * transaction that stores the message, under the business's routing lock.
 */
export async function openOnInbound(
  tx: Ctx,
  input: { businessId: string; channel: Channel; messages: StoredInbound[] },
): Promise<void> {
  if (input.messages.length === 0) return;
  await lockRouting(tx, input.businessId);
  const settings = await getRoutingSettings(tx, input.businessId);
  const groups = new Map<string, StoredInbound[]>();
  for (const m of input.messages) {
    const key = `${m.to}\n${m.from}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  for (const group of groups.values()) {
    const last = group.reduce((a, b) => (b.receivedAt > a.receivedAt ? b : a));
    const before = await lockOrCreate(tx, input, last, group.length);
    // Opened, reopened and assigned are announced by the message's change below (same commit,
    // with the assignee routing chose): one change per conversation, and none whose assignee
    // is still unknown, which would cost every agent's stream a read to learn it is not theirs.
    if (before.created) await recordEvent(tx, before.row, { type: "opened" }, { publish: false });
    else if (before.previousState === "resolved")
      await recordEvent(tx, before.row, { type: "reopened" }, { publish: false });
    let row = before.row;
    if (!row.assignee_id)
      row = await routeConversation(tx, row, settings, { preferLastAgent: !before.created, publish: false });
    await publishChange(tx, {
      businessId: row.business_id,
      conversationId: row.id,
      kind: "message",
      assigneeId: row.assignee_id,
      teamId: row.team_id,
    });
  }
}

async function lockOrCreate(
  tx: Ctx,
  input: { businessId: string; channel: Channel },
  last: StoredInbound,
  count: number,
): Promise<{ row: ConversationRow; created: boolean; previousState: string | null }> {
  const preview = (last.text ?? `[${last.type}]`).slice(0, PREVIEW_CHARS);
  const [existing] = await rawQuery<ConversationRow>(
    tx.db,
    `SELECT * FROM conversations WHERE business_id = $1 AND channel = $2 AND sender = $3 AND customer = $4
     FOR UPDATE`,
    [input.businessId, input.channel, last.to, last.from],
  );
  if (!existing) {
    const [row] = await rawQuery<ConversationRow>(
      tx.db,
      `INSERT INTO conversations (id, business_id, channel, sender, customer, customer_name, state,
         last_customer_message_at, last_message_at, last_message_preview, unread)
       VALUES ($1, $2, $3, $4, $5, $6, 'open', $7, $7, $8, $9) RETURNING *`,
      [
        uuidv7(),
        input.businessId,
        input.channel,
        last.to,
        last.from,
        last.profileName,
        last.receivedAt,
        preview,
        count,
      ],
    );
    return { row: row!, created: true, previousState: null };
  }
  // A resolved conversation that reopens starts without an assignee: routing decides (its
  // last agent first), so an agent who went Away meanwhile does not silently receive it.
  const [row] = await rawQuery<ConversationRow>(
    tx.db,
    `UPDATE conversations SET
       customer_name = coalesce($3, customer_name),
       last_customer_message_at = greatest(last_customer_message_at, $4),
       last_message_at = greatest(last_message_at, $4),
       last_message_preview = $5,
       unread = unread + $6,
       state = 'open',
       assignee_id = CASE WHEN state = 'resolved' THEN NULL ELSE assignee_id END,
       resolved_at = NULL,
       updated_at = now()
     WHERE business_id = $1 AND id = $2 RETURNING *`,
    [input.businessId, existing.id, last.profileName, last.receivedAt, preview, count],
  );
  return { row: row!, created: false, previousState: existing.state };
}
