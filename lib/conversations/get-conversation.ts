import type { OutboundMessage } from "../channels/message-provider";
import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { invalid, invalidInput } from "../errors";
import { isUuid } from "../ids";
import { preview } from "../messages/content/message-preview";
import type { ChatappComponent } from "../templates/chatapp-schemas";
import { conversationView } from "./conversation-view";
import { findVisible } from "./find-visible";
import { TimelineInput, type ConversationView, type TimelineItem } from "./schemas";
import { inboundMedia, outboundMedia } from "./timeline-media";
import { loadViewer } from "./viewer";

export type ConversationDetail = {
  conversation: ConversationView;
  /** Newest first; `nextCursor` pages to older items. */
  items: TimelineItem[];
  nextCursor: string | null;
};

type ItemRow = {
  kind: TimelineItem["kind"];
  id: string;
  at: Date;
  text: string | null;
  type: string;
  status: string | null;
  template_name: string | null;
  content: OutboundMessage["content"] | null;
  components: ChatappComponent[] | null;
  actor_type: string | null;
  actor_id: string | null;
  to_user_id: string | null;
  media: { url?: string | null; fileName?: string | null } | null;
};

/**
 * A conversation the actor sees with its timeline, read where each part lives rather than
 * copied: the customer's messages (inbound_messages), every message the business sent the
 * customer from this sender (templates, campaign and test sends, replies: messages), notes
 * and events. Keyset paging over the merged order.
 */
export async function getConversation(
  ctx: Ctx,
  businessId: string,
  id: string,
  raw: unknown = {},
): Promise<ConversationDetail> {
  const parsed = TimelineInput.safeParse(raw ?? {});
  if (!parsed.success) throw invalidInput(parsed.error);
  const cursor = parsed.data.cursor ?? null;
  if (cursor && !isUuid(cursor))
    throw invalid("Invalid request", [{ path: "cursor", message: "Not a cursor" }]);
  const limit = parsed.data.limit;
  const viewer = await loadViewer(ctx, businessId);
  const conv = await findVisible(ctx, businessId, viewer, id);
  // Ids are UUIDv7 made when each row was stored: one order across the four sources.
  const before = (idc: string) => `AND ($6::uuid IS NULL OR ${idc} < $6::uuid)`;
  // The customer's earlier addresses (a number they changed, the user id they wrote from before
  // sharing their phone): their messages stay in the conversation's history.
  const addresses = [
    conv.customer,
    ...(
      await rawQuery<{ address: string }>(
        ctx.db,
        `SELECT DISTINCT detail->>'from' AS address FROM conversation_events
         WHERE business_id = $1 AND conversation_id = $2 AND type = 'customer_changed'`,
        [businessId, conv.id],
      )
    ).map((r) => r.address),
  ];
  const rows = await rawQuery<ItemRow>(
    ctx.db,
    `(SELECT 'inbound' AS kind, i.id, i.received_at AS at, i.text, i.type, NULL AS status, NULL AS template_name,
        NULL::jsonb AS content, NULL::jsonb AS components, NULL AS actor_type, NULL AS actor_id, NULL::uuid AS to_user_id,
        i.payload->'media' AS media
      FROM inbound_messages i
      WHERE i.business_id = $1 AND i."from" = ANY($3::text[]) AND i."to" = $2 AND i.channel = $4 ${before("i.id")}
      ORDER BY i.id DESC LIMIT $5)
     UNION ALL
     (SELECT 'outbound', m.id, m.created_at, coalesce(m.content->>'text', m.content->>'caption'), m.msg_type, m.status,
        nullif(m.template_name, ''), m.content, t.components, NULL, NULL, NULL, NULL::jsonb
      FROM messages m LEFT JOIN templates t ON t.business_id = m.business_id AND t.id = m.template_id
      WHERE m.business_id = $1 AND m.recipient = ANY($3::text[]) AND m.sender = $2 AND m.channel = $4 ${before("m.id")}
      ORDER BY m.id DESC LIMIT $5)
     UNION ALL
     (SELECT 'note', n.id, n.created_at, n.text, 'note', NULL, NULL, NULL, NULL, n.author_type, n.author_id, NULL, NULL::jsonb
      FROM conversation_notes n WHERE n.business_id = $1 AND n.conversation_id = $7 ${before("n.id")}
      ORDER BY n.id DESC LIMIT $5)
     UNION ALL
     (SELECT 'event', e.id, e.created_at, NULL, e.type, NULL, NULL, e.detail, NULL, e.actor_type, e.actor_id, e.to_user_id, NULL::jsonb
      FROM conversation_events e WHERE e.business_id = $1 AND e.conversation_id = $7 ${before("e.id")}
      ORDER BY e.id DESC LIMIT $5)
     ORDER BY id DESC LIMIT $5`,
    [businessId, conv.sender, addresses, conv.channel, limit + 1, cursor, conv.id],
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const byFlow = await flowSent(
    ctx,
    businessId,
    conv.id,
    page.filter((r) => r.kind === "outbound").map((r) => r.id),
  );
  return {
    conversation: conversationView(conv),
    items: page.map((r) => ({
      kind: r.kind,
      id: r.id,
      at: Math.floor(new Date(r.at).getTime() / 1000),
      text: r.text ?? sentText(r) ?? changeText(r),
      type: r.type,
      status: r.status,
      templateName: r.template_name,
      actor: r.actor_type && r.actor_id ? { type: r.actor_type, id: r.actor_id } : null,
      toUserId: r.to_user_id,
      byFlow: byFlow.get(r.id) ?? null,
      choices: r.kind === "outbound" ? choicesOf(r.content) : null,
      media:
        r.kind === "inbound"
          ? inboundMedia(r.type, r.media)
          : r.kind === "outbound"
            ? outboundMedia(r.content, r.components)
            : null,
    })),
    nextCursor: rows.length > limit && last ? last.id : null,
  };
}

/**
 * Which of `messageIds` a flow of this conversation sent, with the flow's name: its run's steps
 * record each message they sent (lib/flows/engine/run-steps.ts), so the inbox marks the bot's
 * messages as such.
 */
async function flowSent(
  ctx: Ctx,
  businessId: string,
  conversationId: string,
  messageIds: string[],
): Promise<Map<string, string>> {
  if (messageIds.length === 0) return new Map();
  const rows = await rawQuery<{ message_id: string; name: string }>(
    ctx.db,
    `SELECT s.detail->>'messageId' AS message_id, f.name
     FROM flow_runs r
     JOIN flow_run_steps s ON s.run_id = r.id
     JOIN flows f ON f.business_id = r.business_id AND f.id = r.flow_id
     WHERE r.business_id = $1 AND r.conversation_id = $2 AND s.detail->>'messageId' = ANY($3::text[])`,
    [businessId, conversationId, messageIds],
  );
  return new Map(rows.map((r) => [r.message_id, r.name]));
}

/** The reply buttons or list rows an interactive message offered, as the customer saw them. */
function choicesOf(content: OutboundMessage["content"] | null): string[] | null {
  return content?.kind === "interactive" ? content.options.map((o) => o.title) : null;
}

/** A customer_changed event's addresses, before and after ("+919812300011 to US.1349..."). */
function changeText(r: ItemRow): string | null {
  const d = r.kind === "event" ? (r.content as { from?: unknown; to?: unknown } | null) : null;
  if (typeof d?.from !== "string" || typeof d.to !== "string") return null;
  const shown = (v: string) => (/^\d+$/.test(v) ? `+${v}` : v);
  return `${shown(d.from)} to ${shown(d.to)}`;
}

/** A template send's text as the customer read it: the template's texts with the sent values. */
function sentText(r: ItemRow): string | null {
  if (r.kind !== "outbound" || !r.content) return null;
  try {
    return preview(r.content, r.components ?? []).text || null;
  } catch {
    return null; // a content shape this build does not know: the timeline shows the template's name
  }
}
