import type { Ctx } from "../../context";
import {
  NO_MARKETING_CONSENT,
  isMarketingTemplate,
  lackingMarketingConsent,
} from "../../audiences/consent/require-marketing-consent";
import { AppError } from "../../errors";
import { checkChatappTemplateSend } from "./check-chatapp-template-send";
import type { CommitOptions } from "./commit-send";
import { commitOneMessage } from "./commit-one-message";
import { requireRecipient } from "../../phone/international";
import { sendTemplateInput, type SendResponse, type SendTemplateInput } from "../schemas";

/**
 * A1 (and its legacy v1 path): one chatapp template message. Checks the sender, the APPROVED
 * template in the requested language, the parameters against its variables and, for a
 * MARKETING template when the business requires it, the number's opt-in; then stores
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
  const recipient = requireRecipient(input.to, "to");
  const { settings, sender, template, plan } = await checkChatappTemplateSend(ctx, businessId, input);
  // A marketing template to a number without an opt-in, when the business requires one: 409.
  if (isMarketingTemplate(template.category)) {
    if ((await lackingMarketingConsent(ctx, businessId, [recipient])).size > 0) {
      throw new AppError(NO_MARKETING_CONSENT.code, NO_MARKETING_CONSENT.reason, [
        { path: "to", message: NO_MARKETING_CONSENT.reason },
      ]);
    }
  }
  const components = plan.build();
  return commitOneMessage(
    ctx,
    {
      businessId,
      kind: "single",
      channel: "chatapp",
      sender,
      recipient,
      msgType: "template",
      template,
      content: { kind: "template", name: template.name, language: template.language, components },
      messageRef: input.messageRef,
      provider: settings.provider,
    },
    opts,
  );
}
