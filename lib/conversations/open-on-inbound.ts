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
import { asCustomer } from "./system-actors";

const PREVIEW_CHARS = 140;

/**
 * Inbound listener (lib/wiring.ts): a customer's message opens their conversation with the
 * sender it was written to, reopens a resolved one (back to the last agent when Available),
 * moves a pending one back to open, and routes it when nobody holds it. Runs in the
 * transaction that stores the message. A new conversation is inserted (and its opening
 * recorded) before the business's routing lock is taken: its row is seen by no other
 * transaction until commit, so nobody can wait on it while holding the lock, and the lock,
 * which serialises every inbound message of the business until commit, is held only for what
 * needs it (bench/inbound.ts). An existing conversation is locked after the routing lock, as
 * every writer that routes does.
 */
export async function openOnInbound(
  tx: Ctx,
  input: { businessId: string; channel: Channel; messages: StoredInbound[] },
): Promise<void> {
  if (input.messages.length === 0) return;
  const groups = new Map<string, StoredInbound[]>();
  for (const m of input.messages) {
    const key = `${m.to}\n${m.from}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  // In key order, so two transactions inserting the same two customers never wait on each other
  // crosswise (a unique-index wait), and all before the routing lock.
  const opened: Array<{ last: StoredInbound; row: ConversationRow | undefined; count: number }> = [];
  for (const key of [...groups.keys()].sort()) {
    const group = groups.get(key)!;
    const last = group.reduce((a, b) => (b.receivedAt > a.receivedAt ? b : a));
    const row = await insertNew(tx, input, last, group.length);
    // Opened is announced by the message's change below (same commit, with the assignee). The
    // customer opened it, not whoever stored the message (an admin replying as the customer on
    // the virtual phone, say).
    if (row) await recordEvent(asCustomer(tx), row, { type: "opened" }, { publish: false });
    opened.push({ last, row, count: group.length });
  }
  await lockRouting(tx, input.businessId);
  const settings = await getRoutingSettings(tx, input.businessId);
  for (const { last, row: created, count } of opened) {
    let row = created;
    if (!row) {
      const before = await lockAndUpdate(tx, input, last, count);
      if (before.previousState === "resolved")
        await recordEvent(asCustomer(tx), before.row, { type: "reopened" }, { publish: false });
      row = before.row;
    }
    // Assigned, opened and reopened are announced by the message's change (one per
    // conversation, none whose assignee is still unknown: that would cost every agent's stream
    // a read to learn it is not theirs).
    if (!row.assignee_id)
      row = await routeConversation(tx, row, settings, { preferLastAgent: !created, publish: false });
    await publishChange(tx, {
      businessId: row.business_id,
      conversationId: row.id,
      kind: "message",
      assigneeId: row.assignee_id,
      teamId: row.team_id,
    });
  }
}

const previewOf = (m: StoredInbound) => (m.text ?? `[${m.type}]`).slice(0, PREVIEW_CHARS);

/** The customer's new conversation, or undefined when they have one with this sender. */
async function insertNew(
  tx: Ctx,
  input: { businessId: string; channel: Channel },
  last: StoredInbound,
  count: number,
): Promise<ConversationRow | undefined> {
  const [row] = await rawQuery<ConversationRow>(
    tx.db,
    `INSERT INTO conversations (id, business_id, channel, sender, customer, customer_name, state,
       last_customer_message_at, last_message_at, last_message_preview, unread)
     VALUES ($1, $2, $3, $4, $5, $6, 'open', $7, $7, $8, $9)
     ON CONFLICT (business_id, channel, sender, customer) DO NOTHING RETURNING *`,
    [
      uuidv7(),
      input.businessId,
      input.channel,
      last.to,
      last.from,
      last.profileName,
      last.receivedAt,
      previewOf(last),
      count,
    ],
  );
  return row;
}

/** The customer's existing conversation, locked and updated with the message (caller holds the routing lock). */
async function lockAndUpdate(
  tx: Ctx,
  input: { businessId: string; channel: Channel },
  last: StoredInbound,
  count: number,
): Promise<{ row: ConversationRow; previousState: string }> {
  const [existing] = await rawQuery<ConversationRow>(
    tx.db,
    `SELECT * FROM conversations WHERE business_id = $1 AND channel = $2 AND sender = $3 AND customer = $4
     FOR UPDATE`,
    [input.businessId, input.channel, last.to, last.from],
  );
  if (!existing) throw new Error("conversation vanished between its insert and its update");
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
    [input.businessId, existing.id, last.profileName, last.receivedAt, previewOf(last), count],
  );
  return { row: row!, previousState: existing.state };
}
