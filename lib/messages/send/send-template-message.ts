import type { Ctx } from "../../context";
import { uuidv7 } from "../../ids";
import { commitSend, type CommitOptions } from "./commit-send";
import { parseRecipient } from "./recipient";
import { sendTemplateInput, type SendResponse, type SendTemplateInput } from "../schemas";
import { sendableTemplate } from "./sendable-template";
import { requireSender } from "../dispatch/sender-channel";
import { planTemplateComponents } from "../content/template-content";

/**
 * A1 (and its legacy v1 path): one chatapp template message. Checks the sender, the APPROVED
 * template in the requested language and the parameters against its variables, then stores
 * the message and queues its dispatch in one commit (a group commit when `opts` asks) and
 * answers with the ids.
 */
export async function sendTemplateMessage(
  ctx: Ctx,
  businessId: string,
  raw: SendTemplateInput,
  opts: CommitOptions = {},
): Promise<SendResponse> {
  const input = sendTemplateInput.parse(raw);
  const recipient = parseRecipient(input.to, "to");
  const { settings, sender } = await requireSender(ctx, businessId, "chatapp", input.phoneNumberId);
  const template = await sendableTemplate(ctx, {
    businessId,
    channel: "chatapp",
    name: input.message.name,
    language: input.message.language,
  });
  const plan = planTemplateComponents(template, input.message.components);
  const components = plan.build();

  const transactionId = uuidv7();
  const messageId = uuidv7();
  const response: SendResponse = { transactionId, messageId };
  await commitSend(
    ctx,
    {
      id: transactionId,
      businessId,
      kind: "single",
      channel: "chatapp",
      templateId: template.id,
      templateName: template.name,
      language: template.language,
      total: 1,
    },
    [
      {
        id: messageId,
        businessId,
        transactionId,
        channel: "chatapp",
        sender,
        recipient,
        msgType: "template",
        templateId: template.id,
        templateName: template.name,
        language: template.language,
        content: { kind: "template", name: template.name, language: template.language, components },
        messageRef: input.messageRef ?? transactionId,
        provider: settings.provider,
      },
    ],
    response,
    opts,
  );
  return response;
}
