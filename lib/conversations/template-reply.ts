import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { invalid, invalidInput } from "../errors";
import { testComponents } from "../messages/send/send-test-message";
import { getTemplate } from "../templates/get-template";
import { listTemplates } from "../templates/list-templates";
import { testSlotsOf } from "../templates/test-slots";
import { replyToConversation } from "./reply-to-conversation";
import { sentValues } from "./sent-values";
import type { ReplyResult } from "./reply-schemas";
import { TemplateReplyInput, type ReplyTemplate } from "./template-reply-schema";

/**
 * The business's approved chatapp templates, as the composer offers them outside the window,
 * each with the values it prefills: those it was last sent to this customer with from this
 * sender (sent-values.ts), else the template's samples.
 */
export async function replyTemplates(
  ctx: Ctx,
  businessId: string,
  conversation?: { sender: string; subscriberId: string },
): Promise<ReplyTemplate[]> {
  const { items } = await listTemplates(ctx, businessId, {
    channel: "chatapp",
    status: "APPROVED",
    limit: 200,
  });
  const last = new Map<string, unknown[]>();
  if (conversation && items.length > 0) {
    const rows = await rawQuery<{ template_id: string; components: unknown[] | null }>(
      ctx.db,
      `SELECT DISTINCT ON (m.template_id) m.template_id, m.content->'components' AS components
       FROM messages m
       WHERE m.business_id = $1 AND m.recipient = $2 AND m.sender = $3 AND m.channel = 'chatapp'
         AND m.template_id = ANY($4::uuid[])
       ORDER BY m.template_id, m.id DESC`,
      [businessId, conversation.subscriberId, conversation.sender, items.map((t) => t.id)],
    );
    for (const r of rows) if (Array.isArray(r.components)) last.set(r.template_id, r.components);
  }
  return items.map((t) => {
    const fields = testSlotsOf(t);
    const sent = last.has(t.id) ? sentValues(fields, last.get(t.id)!) : [];
    return {
      id: t.id,
      name: t.name,
      language: t.language,
      category: t.category,
      body: t.components.find((c) => c.type === "BODY")?.text ?? "",
      fields,
      prefill: fields.map((f, i) => sent[i] ?? f.example),
    };
  });
}

/**
 * Sends an approved template of the business into a conversation: its slots filled from
 * `values`, then the conversation's reply path (the sender, opt-out and visibility checks).
 */
export async function replyWithTemplate(
  ctx: Ctx,
  businessId: string,
  conversationId: string,
  raw: unknown,
): Promise<ReplyResult> {
  const parsed = TemplateReplyInput.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error);
  const input = parsed.data;
  const t = await getTemplate(ctx, { businessId, templateId: input.templateId });
  if (t.channel !== "chatapp" || t.status !== "APPROVED")
    throw invalid("Invalid request", [
      { path: "templateId", message: "Only an approved WhatsApp template can be sent" },
    ]);
  const fields = testSlotsOf(t);
  if (input.values.length !== fields.length)
    throw invalid("Invalid request", [
      {
        path: "values",
        message: `This template takes ${fields.length} value(s); got ${input.values.length}`,
      },
    ]);
  return replyToConversation(ctx, businessId, conversationId, {
    type: "template",
    template: { name: t.name, language: t.language, components: testComponents(fields, input.values) },
  });
}
