import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { invalid, invalidInput } from "../errors";
import type { ConversationRow } from "./conversation-row";
import { conversationView } from "./conversation-view";
import { customerNameSql, numberSearchDigits } from "./customer-name";
import { decodeCursor, encodeCursor } from "./cursor";
import { ListConversationsInput, type ConversationView } from "./schemas";
import { loadViewer, visibleWhere } from "./viewer";

export type ConversationPage = { conversations: ConversationView[]; nextCursor: string | null };

/**
 * The conversations the actor sees, latest activity first, a keyset page at a time: tab,
 * state, team, channel and assignee filters, and a search on the customer's number or name.
 */
export async function listConversations(
  ctx: Ctx,
  businessId: string,
  raw: unknown,
): Promise<ConversationPage> {
  const parsed = ListConversationsInput.safeParse(raw ?? {});
  if (!parsed.success) throw invalidInput(parsed.error);
  const input = parsed.data;
  const cursor = decodeCursor(input.cursor);
  if (input.cursor && !cursor)
    throw invalid("Invalid request", [{ path: "cursor", message: "Not a cursor" }]);
  const viewer = await loadViewer(ctx, businessId);
  const params: unknown[] = [businessId];
  const add = (v: unknown) => `$${params.push(v)}`;
  const where = ["c.business_id = $1"];
  const v = visibleWhere(viewer, params.length + 1);
  params.push(...v.params);
  where.push(v.sql);
  if (input.tab === "mine") where.push(viewer.userId ? `c.assignee_id = ${add(viewer.userId)}` : "false");
  if (input.tab === "unassigned") where.push("c.assignee_id IS NULL");
  if (input.state) where.push(`c.state = ${add(input.state)}`);
  if (input.teamId) where.push(`c.team_id = ${add(input.teamId)}`);
  if (input.channel) where.push(`c.channel = ${add(input.channel)}`);
  if (input.assigneeId) where.push(`c.assignee_id = ${add(input.assigneeId)}`);
  if (input.q) {
    // By the name shown (or the customer's own WhatsApp name), and by the number however the
    // search writes it.
    const like = add(`%${input.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
    const any = [`${customerNameSql("c")} ILIKE ${like}`, `c.customer_name ILIKE ${like}`];
    const digits = numberSearchDigits(input.q);
    if (digits) any.push(`c.customer LIKE ${add(`%${digits}%`)}`);
    where.push(`(${any.join(" OR ")})`);
  }
  // last_message_at is written from JS Dates (milliseconds), so the cursor's time is exact.
  if (cursor) where.push(`(c.last_message_at, c.id) < (${add(cursor.at)}, ${add(cursor.id)})`);
  const rows = await rawQuery<ConversationRow>(
    ctx.db,
    `SELECT c.*, ${customerNameSql("c")} AS display_name FROM conversations c WHERE ${where.join(" AND ")}
     ORDER BY c.last_message_at DESC, c.id DESC LIMIT ${input.limit + 1}`,
    params,
  );
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    conversations: page.map(conversationView),
    nextCursor: rows.length > input.limit && last ? encodeCursor(last.last_message_at, last.id) : null,
  };
}
