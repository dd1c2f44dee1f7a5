import type { Ctx } from "../../context";
import type { ConversationRow } from "../../conversations/conversation-row";
import { conflict } from "../../errors";
import { sendRcsMessage } from "../../messages/send/send-rcs-message";
import { sendTemplateMessage } from "../../messages/send/send-template-message";
import { sendableTemplate } from "../../messages/send/sendable-template";
import { isOptedOut } from "../../promotions/opt-outs/filter-opted-out";
import type { FlowStep } from "../definition";
import { interpolate } from "./answers";

/**
 * A send_template step: the business's APPROVED template of that name (and language), its
 * body parameters filled from the run's variables, through the template send pipeline the
 * inbox's template reply uses (sender, parameter and opt-out checks; a marketing template is
 * never sent to an opted-out customer). A problem is an AppError naming it: the run fails.
 */
export async function sendTemplateStep(
  tx: Ctx,
  conv: ConversationRow,
  step: Extract<FlowStep, { type: "send_template" }>,
  vars: Record<string, string>,
): Promise<{ template: string; parameters: string[]; messageId: string }> {
  const template = await sendableTemplate(tx, {
    businessId: conv.business_id,
    channel: conv.channel,
    name: step.templateName,
    language: step.language || undefined,
  });
  const parameters = step.parameters.map((p) => interpolate(p, vars));
  const components = parameters.length
    ? [
        {
          componentType: "body" as const,
          parameters: parameters.map((text) => ({ type: "text" as const, text })),
        },
      ]
    : [];
  const optedOut = await isOptedOut(tx, conv.business_id, conv.customer);
  let sent: { messageId: string };
  if (conv.channel === "chatapp") {
    if (template.category === "MARKETING" && optedOut)
      throw conflict("The customer opted out: marketing templates are not sent to them");
    sent = await sendTemplateMessage(tx, conv.business_id, {
      to: conv.customer,
      phoneNumberId: conv.sender,
      message: { messageType: "template", name: template.name, language: template.language, components },
    } as Parameters<typeof sendTemplateMessage>[2]);
  } else {
    if (optedOut) throw conflict("The customer opted out: templates are not sent to them on RCS");
    sent = await sendRcsMessage(tx, conv.business_id, {
      to: conv.customer,
      toPath: "to",
      message: { messageType: "template", name: template.name, language: template.language, components },
    });
  }
  return { template: template.name, parameters, messageId: sent.messageId };
}
