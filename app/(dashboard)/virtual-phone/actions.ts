"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { openTappedLink } from "@/lib/economics/links/open-tapped-link";
import { customerReplyInput } from "@/lib/inbound/schemas";
import { simulateCustomerReply } from "@/lib/inbound/simulate-customer-reply";
import { sendTestMessage } from "@/lib/messages/send/send-test-message";
import { sendTestInput } from "@/lib/messages/send/send-test-schema";
import { simulateButtonTap } from "@/lib/messages/simulator/simulate-button-tap";
import { simulateRecipientAction } from "@/lib/messages/simulator/simulate-recipient-action";

const PAGE = ["/virtual-phone"];

const tapInput = z.object({
  messageId: z.string().max(64),
  button: z.number().int().min(0).max(20),
  card: z.number().int().min(0).max(20).optional(),
});

/** The recipient reads the message, or it fails on the device: a status event and its callbacks. */
export const recipientActionAction = defineAction(
  {
    action: "recipientActionAction",
    input: z.tuple([z.string(), z.enum(["read", "fail"])]),
    revalidate: PAGE,
  },
  async ([messageId, action], { ctx, businessId }) =>
    simulateRecipientAction(ctx, { businessId, messageId, action }),
);

/** The test number writes back: an inbound message and its message.received callbacks. */
export const customerReplyAction = defineAction(
  { action: "customerReplyAction", input: z.tuple([z.string(), customerReplyInput]), revalidate: PAGE },
  async ([phone, input], { ctx, businessId }) => simulateCustomerReply(ctx, { ...input, businessId, phone }),
);

/** The phone's "Send" box: a template message to a test number, through the API's send path. */
export const phoneSendAction = defineAction(
  { action: "phoneSendAction", input: sendTestInput, revalidate: PAGE },
  async (input, { ctx, businessId }) => {
    const sent = await sendTestMessage(ctx, businessId, input);
    // The number as stored (digits, no '+'): the page opens that number's inbox.
    return { messageId: sent.messageId, to: input.to.replace(/^\+/, "") };
  },
);

/**
 * The test number taps a button of a received message: a quick reply, or a link opened. A
 * campaign's tracked link is requested as the customer's phone requests it (openTappedLink),
 * so the tap is a click on the campaign page.
 */
export const tapButtonAction = defineAction(
  { action: "tapButtonAction", input: tapInput, revalidate: PAGE },
  async (input, { ctx, businessId }) => {
    const tap = await simulateButtonTap(ctx, { ...input, businessId });
    const opened = tap.kind === "url" && tap.url ? await openTappedLink(tap.url) : null;
    return { ...tap, opened };
  },
);
