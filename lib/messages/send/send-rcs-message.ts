import type { z } from "zod";
import type { OutboundMessage } from "../../channels/message-provider";
import type { Ctx } from "../../context";
import type { TemplateView } from "../../templates/schemas";
import type { CommitOptions } from "./commit-send";
import { commitOneMessage } from "./commit-one-message";
import { rcsCardsFromParameters, rcsCardsFromSpec } from "../content/rcs-card-values";
import { fillRcsCards } from "../content/rcs-content";
import { requireRecipient } from "../../phone/international";
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
 * always gets a finished text or card. Stored as sendTemplateMessage stores (commitOneMessage).
 */
export async function sendRcsMessage(
  ctx: Ctx,
  businessId: string,
  input: RcsSendInput,
  opts: CommitOptions = {},
): Promise<SendResponse> {
  const recipient = requireRecipient(input.to, input.toPath);
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

  return commitOneMessage(
    ctx,
    {
      businessId,
      kind: "rcs",
      channel: "rcs",
      sender,
      recipient,
      msgType: template ? "template" : content.kind === "rcs_text" ? "text" : "richcard",
      template,
      content,
      messageRef: input.messageRef,
      provider: settings.provider,
    },
    opts,
  );
}
