import type { Channel } from "../businesses/schemas";
import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { uuidv7 } from "../ids";
import type { StoredInbound } from "../inbound/inbound-listeners";
import type { ConversationRow } from "./conversation-row";
import { flowsOnInbound } from "../flows/engine/flows-on-inbound";
import { publishChanges } from "./publish-change";
import { recordEvents } from "./record-event";
import { routeConversations } from "./route-conversation";
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
    const key = keyOf(m.to, m.from);
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  // In key order, so two transactions inserting the same two customers never wait on each other
  // crosswise (a unique-index wait), and all before the routing lock.
  const arrivals = [...groups.keys()].sort().map((key) => {
    const group = groups.get(key)!;
    return { key, last: group.reduce((a, b) => (b.receivedAt > a.receivedAt ? b : a)), count: group.length };
  });
  const created = await insertNew(tx, input, arrivals);
  // Opened is announced by the message's change below (same commit, with the assignee). The
  // customer opened it, not whoever stored the message (an admin replying as the customer on
  // the virtual phone, say).
  await recordEvents(
    asCustomer(tx),
    [...created.values()].map((after) => ({ after, event: { type: "opened" as const } })),
    { publish: false },
  );
  await lockRouting(tx, input.businessId);
  const settings = await getRoutingSettings(tx, input.businessId);
  const updated = await lockAndUpdate(
    tx,
    input,
    arrivals.filter((a) => !created.has(a.key)),
  );
  await recordEvents(
    asCustomer(tx),
    [...updated.values()]
      .filter((u) => u.previousState === "resolved")
      .map(({ row: after }) => ({ after, event: { type: "reopened" as const } })),
    { publish: false },
  );
  let rows = arrivals.map((a) => created.get(a.key) ?? updated.get(a.key)!.row);
  // The business's flows answer first (lib/flows): a conversation a flow holds or closed is not
  // routed; one it hands over goes to the team it names.
  const flows = await flowsOnInbound(tx, {
    businessId: input.businessId,
    items: arrivals.map((a, i) => ({
      conversation: rows[i]!,
      messages: groups.get(a.key)!.sort((x, y) => x.receivedAt.getTime() - y.receivedAt.getTime()),
      isNew: created.has(a.key),
    })),
  });
  rows = rows.map((row) => flows.rows.get(row.id) ?? row);
  // Assigned, opened and reopened are announced by the message's change (one per
  // conversation, none whose assignee is still unknown: that would cost every agent's stream
  // a read to learn it is not theirs).
  const routed = await routeConversations(
    tx,
    rows
      .filter((row) => !row.assignee_id && !flows.handled.has(row.id))
      .map((conversation) => ({
        conversation,
        preferLastAgent: !created.has(keyOfRow(conversation)),
        ...(flows.handover.get(conversation.id) ? { teamId: flows.handover.get(conversation.id) } : {}),
      })),
    settings,
    { publish: false },
  );
  const after = new Map(routed.map((row) => [row.id, row]));
  await publishChanges(
    tx,
    rows.map((before) => {
      const row = after.get(before.id) ?? before;
      return {
        businessId: row.business_id,
        conversationId: row.id,
        kind: "message" as const,
        assigneeId: row.assignee_id,
        teamId: row.team_id,
      };
    }),
  );
}

type Arrival = { key: string; last: StoredInbound; count: number };

const keyOf = (sender: string, customer: string) => `${sender}\n${customer}`;
const keyOfRow = (row: ConversationRow) => keyOf(row.sender, row.customer);
const previewOf = (m: StoredInbound) => (m.text ?? `[${m.type}]`).slice(0, PREVIEW_CHARS);

/** The customers' new conversations, by key; a customer with one already with this sender is not among them. */
async function insertNew(
  tx: Ctx,
  input: { businessId: string; channel: Channel },
  arrivals: Arrival[],
): Promise<Map<string, ConversationRow>> {
  // The rows go in in the order given (the keys' order).
  const rows = await rawQuery<ConversationRow>(
    tx.db,
    `INSERT INTO conversations (id, business_id, channel, sender, customer, customer_name, state,
       last_customer_message_at, last_message_at, last_message_preview, unread)
     SELECT v.id, $1, $2, v.sender, v.customer, v.name, 'open', v.at, v.at, v.preview, v.unread
     FROM unnest($3::uuid[], $4::text[], $5::text[], $6::text[], $7::timestamptz[], $8::text[], $9::int[])
       WITH ORDINALITY AS v(id, sender, customer, name, at, preview, unread, n)
     ORDER BY v.n
     ON CONFLICT (business_id, channel, sender, customer) DO NOTHING RETURNING *`,
    [
      input.businessId,
      input.channel,
      arrivals.map(() => uuidv7()),
      arrivals.map((a) => a.last.to),
      arrivals.map((a) => a.last.from),
      arrivals.map((a) => a.last.profileName),
      arrivals.map((a) => a.last.receivedAt),
      arrivals.map((a) => previewOf(a.last)),
      arrivals.map((a) => a.count),
    ],
  );
  return new Map(rows.map((row) => [keyOfRow(row), row]));
}

/**
 * The customers' existing conversations, locked (in key order) and updated with their messages,
 * by key, with the state each was in (caller holds the routing lock).
 */
async function lockAndUpdate(
  tx: Ctx,
  input: { businessId: string; channel: Channel },
  arrivals: Arrival[],
): Promise<Map<string, { row: ConversationRow; previousState: string }>> {
  if (arrivals.length === 0) return new Map();
  // The `= ANY(...)` conditions beside the joins: rows found through the unique and primary
  // indexes whatever plan the prepared statements settle on.
  const existing = await rawQuery<ConversationRow>(
    tx.db,
    `SELECT c.* FROM conversations c
     JOIN unnest($3::text[], $4::text[]) AS v(sender, customer) ON c.sender = v.sender AND c.customer = v.customer
     WHERE c.business_id = $1 AND c.channel = $2 AND c.sender = ANY($3::text[]) AND c.customer = ANY($4::text[])
     ORDER BY c.sender, c.customer FOR UPDATE OF c`,
    [input.businessId, input.channel, arrivals.map((a) => a.last.to), arrivals.map((a) => a.last.from)],
  );
  const before = new Map(existing.map((row) => [keyOfRow(row), row]));
  const missing = arrivals.find((a) => !before.has(a.key));
  if (missing) throw new Error("conversation vanished between its insert and its update");
  // A resolved conversation that reopens starts without an assignee: routing decides (its
  // last agent first), so an agent who went Away meanwhile does not silently receive it.
  const rows = await rawQuery<ConversationRow>(
    tx.db,
    `UPDATE conversations c SET
       customer_name = coalesce(v.name, c.customer_name),
       last_customer_message_at = greatest(c.last_customer_message_at, v.at),
       last_message_at = greatest(c.last_message_at, v.at),
       last_message_preview = v.preview,
       unread = c.unread + v.unread,
       state = 'open',
       assignee_id = CASE WHEN c.state = 'resolved' THEN NULL ELSE c.assignee_id END,
       resolved_at = NULL,
       updated_at = now()
     FROM unnest($2::uuid[], $3::text[], $4::timestamptz[], $5::text[], $6::int[]) AS v(id, name, at, preview, unread)
     WHERE c.business_id = $1 AND c.id = v.id AND c.id = ANY($2::uuid[]) RETURNING c.*`,
    [
      input.businessId,
      arrivals.map((a) => before.get(a.key)!.id),
      arrivals.map((a) => a.last.profileName),
      arrivals.map((a) => a.last.receivedAt),
      arrivals.map((a) => previewOf(a.last)),
      arrivals.map((a) => a.count),
    ],
  );
  return new Map(
    rows.map((row) => [keyOfRow(row), { row, previousState: before.get(keyOfRow(row))!.state }]),
  );
}
