import type { Ctx } from "../../context";
import type { ConversationRow } from "../../conversations/conversation-row";
import { windowOpen } from "../../conversations/service-window";
import { AppError } from "../../errors";
import { sendableTemplate } from "../../messages/send/sendable-template";
import type { FlowDefinition } from "../definition";
import { firstSendingSteps, sendsFreeForm } from "./window-rule";

/**
 * Whether a run may start now in `conv` (one started by the business, not by the customer's
 * message): on chatapp outside the customer's 24-hour window the engine would fail the run at
 * its first free-form message, so every first message it may send must be a `send_template` of
 * an APPROVED template (the one the step would send). Otherwise a 409 that says what to change.
 */
export async function checkStartWindow(tx: Ctx, conv: ConversationRow, def: FlowDefinition): Promise<void> {
  if (windowOpen(conv.channel, conv.last_customer_message_at)) return;
  const closed =
    "The customer's 24-hour window is closed (no message from them in the last 24 hours): outside it a flow may only send an approved template";
  for (const step of firstSendingSteps(def)) {
    const path = `definition.steps.${def.steps.indexOf(step)}`;
    if (sendsFreeForm(step))
      throw new AppError(
        "conflict",
        `${closed}, so begin the flow with a send_template step of an approved template (its first message would be step ${step.id}, a ${step.type})`,
        [{ path, message: `Step ${step.id} sends a free-form message first` }],
      );
    if (step.type !== "send_template") continue;
    try {
      await sendableTemplate(tx, {
        businessId: conv.business_id,
        channel: conv.channel,
        name: step.templateName,
        language: step.language || undefined,
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      throw new AppError(
        "conflict",
        `${closed}, and step ${step.id}'s template cannot be sent (${err.message}): begin the flow with an approved template`,
        [{ path, message: err.message }],
      );
    }
  }
}
