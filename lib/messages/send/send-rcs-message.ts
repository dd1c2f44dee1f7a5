import type { z } from "zod";
import type { OutboundMessage } from "../../channels/message-provider";
import type { Ctx } from "../../context";
import { uuidv7 } from "../../ids";
import type { TemplateView } from "../../templates/schemas";
import { commitSend, type CommitOptions } from "./commit-send";
import { rcsCardsFromParameters, rcsCardsFromSpec } from "../content/rcs-card-values";
import { fillRcsCards } from "../content/rcs-content";
import { parseRecipient } from "./recipient";
import type { chatappTemplateMessage, rcsMessage, SendResponse } from "../schemas";
import { sendableTemplate } from "./sendable-template";
import { requireSender } from "../dispatch/sender-channel";

/** What an RCS send carries, whichever endpoint it came through (A2, A4, A5). */
export type RcsSendInput = {
  to: string;
  /** Body path of the recipient, for the 400 details (`to` or `phone`). */
  toPath: string;
  message:
    | z.infer<typeof chatappTemplateMessage>
    | z.infer<typeof rcsMessage>
    | { messageType: "text"; text: string };
  messageRef?: string;
};

/**
 * One RCS message: a template by name (A2) or id (A5, with or without variables), plain text
 * (A4, A5) or a standalone rich card (A5). Template cards are filled here (a carousel card by
 * card by its `card_index`), so the provider
 * always gets a finished text or card. Stored as sendTemplateMessage stores (commitSend).
 */
export async function sendRcsMessage(
  ctx: Ctx,
  businessId: string,
  input: RcsSendInput,
  opts: CommitOptions = {},
): Promise<SendResponse> {
  const recipient = parseRecipient(input.to, input.toPath);
  const { settings, sender } = await requireSender(ctx, businessId, "rcs");
  let template: TemplateView | undefined;
  let content: OutboundMessage["content"];
  const m = input.message;
  if (m.messageType === "template") {
    template = await sendableTemplate(ctx, {
      businessId,
      channel: "rcs",
      name: m.name,
      language: m.language,
    });
    content = {
      kind: "rcs_richcard",
      richCard: fillRcsCards(template, rcsCardsFromParameters(m.components)),
    };
  } else if (m.messageType === "text") {
    content = { kind: "rcs_text", text: m.text };
  } else if (m.templateId !== undefined) {
    template = await sendableTemplate(ctx, { businessId, channel: "rcs", id: m.templateId });
    content = { kind: "rcs_richcard", richCard: fillRcsCards(template, rcsCardsFromSpec(m.components)) };
  } else if (m.text !== undefined) {
    content = { kind: "rcs_text", text: m.text };
  } else {
    content = { kind: "rcs_richcard", richCard: m.richCard };
  }

  const transactionId = uuidv7();
  const messageId = uuidv7();
  const response: SendResponse = { transactionId, messageId };
  await commitSend(
    ctx,
    {
      id: transactionId,
      businessId,
      kind: "rcs",
      channel: "rcs",
      templateId: template?.id ?? null,
      templateName: template?.name ?? null,
      language: template?.language ?? null,
      total: 1,
    },
    [
      {
        id: messageId,
        businessId,
        transactionId,
        channel: "rcs",
        sender,
        recipient,
        msgType: template ? "template" : content.kind === "rcs_text" ? "text" : "richcard",
        templateId: template?.id ?? null,
        templateName: template?.name ?? "",
        language: template?.language ?? "",
        content,
        messageRef: input.messageRef ?? transactionId,
        provider: settings.provider,
      },
    ],
    response,
    opts,
  );
  return response;
}
