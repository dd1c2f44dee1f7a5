import type { Ctx } from "../context";
import { invalid, invalidInput } from "../errors";
import { testComponents } from "../messages/send/send-test-message";
import { getTemplate } from "../templates/get-template";
import { listTemplates } from "../templates/list-templates";
import { testSlotsOf } from "../templates/test-slots";
import { replyToConversation } from "./reply-to-conversation";
import type { ReplyResult } from "./reply-schemas";
import { TemplateReplyInput, type ReplyTemplate } from "./template-reply-schema";

/** The business's approved chatapp templates, as the composer offers them outside the window. */
export async function replyTemplates(ctx: Ctx, businessId: string): Promise<ReplyTemplate[]> {
  const { items } = await listTemplates(ctx, businessId, {
    channel: "chatapp",
    status: "APPROVED",
    limit: 200,
  });
  return items.map((t) => ({
    id: t.id,
    name: t.name,
    language: t.language,
    category: t.category,
    body: t.components.find((c) => c.type === "BODY")?.text ?? "",
    fields: testSlotsOf(t),
  }));
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
