"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { runAction, type ActionResult } from "@/lib/actions/action-result";
import { requireAction } from "@/lib/auth/guard";
import { userCtx } from "@/lib/auth/user-ctx";
import { customerReplyInput } from "@/lib/inbound/schemas";
import { simulateCustomerReply } from "@/lib/inbound/simulate-customer-reply";
import { sendTestMessage } from "@/lib/messages/send/send-test-message";
import { sendTestInput } from "@/lib/messages/send/send-test-schema";
import { simulateButtonTap, type ButtonTap } from "@/lib/messages/simulator/simulate-button-tap";
import { simulateRecipientAction } from "@/lib/messages/simulator/simulate-recipient-action";

const tapInput = z.object({
  messageId: z.string().max(64),
  button: z.number().int().min(0).max(20),
  card: z.number().int().min(0).max(20).optional(),
});

/** The recipient reads the message, or it fails on the device: a status event and its callbacks. */
export async function recipientActionAction(
  messageId: string,
  action: "read" | "fail",
): Promise<ActionResult<{ status: string; applied: boolean }>> {
  return runAction(
    async () => {
      const user = await requireAction("recipientActionAction");
      const result = await simulateRecipientAction(userCtx(user), {
        businessId: user.businessId,
        messageId,
        action,
      });
      revalidatePath("/virtual-phone");
      return result;
    },
    messageId,
    action,
  );
}

/** The test number writes back: an inbound message and its message.received callbacks. */
export async function customerReplyAction(
  phone: string,
  raw: unknown,
): Promise<ActionResult<{ id: string }>> {
  return runAction(
    async () => {
      const user = await requireAction("customerReplyAction");
      const input = customerReplyInput.parse(raw);
      const result = await simulateCustomerReply(userCtx(user), {
        ...input,
        businessId: user.businessId,
        phone,
      });
      revalidatePath("/virtual-phone");
      return result;
    },
    phone,
    raw,
  );
}

/** The phone's "Send" box: a template message to a test number, through the API's send path. */
export async function phoneSendAction(
  raw: unknown,
): Promise<ActionResult<{ messageId: string; to: string }>> {
  return runAction(async () => {
    const user = await requireAction("phoneSendAction");
    const input = sendTestInput.parse(raw);
    const sent = await sendTestMessage(userCtx(user), user.businessId, input);
    revalidatePath("/virtual-phone");
    // The number as stored (digits, no '+'): the page opens that number's inbox.
    return { messageId: sent.messageId, to: input.to.replace(/^\+/, "") };
  }, raw);
}

/** The test number taps a button of a received message: a quick reply, or a link opened. */
export async function tapButtonAction(raw: unknown): Promise<ActionResult<ButtonTap>> {
  return runAction(async () => {
    const user = await requireAction("tapButtonAction");
    const input = tapInput.parse(raw);
    const tap = await simulateButtonTap(userCtx(user), { ...input, businessId: user.businessId });
    revalidatePath("/virtual-phone");
    return tap;
  }, raw);
}
