import type { z } from "zod";
import type { Ctx } from "../../context";
import { planTemplateComponents } from "../content/template-content";
import { requireSender } from "../dispatch/sender-channel";
import type { chatappTemplateMessage } from "../schemas";
import { sendableTemplate } from "./sendable-template";

/**
 * What a chatapp template send (A1 one message, B1 many) checks before it builds its rows: the
 * business's chatapp sender `phoneNumberId`, the APPROVED template of that name in that
 * language, and the message's parameters planned against the template's variables.
 */
export async function checkChatappTemplateSend(
  ctx: Ctx,
  businessId: string,
  input: { phoneNumberId: string; message: z.output<typeof chatappTemplateMessage> },
) {
  const { settings, sender } = await requireSender(ctx, businessId, "chatapp", input.phoneNumberId);
  const template = await sendableTemplate(ctx, {
    businessId,
    channel: "chatapp",
    name: input.message.name,
    language: input.message.language,
  });
  const plan = planTemplateComponents(template, input.message.components);
  return { settings, sender, template, plan };
}
