import type { RowOf } from "../db/row-of";
import type { messages } from "@/db/schema";
import { z } from "zod";
import { loadChannel } from "../messages/dispatch/sender-channel";
import { requireRecipient } from "../phone/international";
import type { Ctx } from "../context";
import { AppError } from "../errors";
import { uuidv7 } from "../ids";
import { rawQuery } from "../db/sql";
import { recordInboundMessages } from "./record-inbound-messages";
import { customerReplyInput } from "./schemas";

const input = customerReplyInput.extend({ businessId: z.string().uuid(), phone: z.string().trim().min(1) });

/**
 * The virtual phone's reply: the test number writes back to the business, as a customer would
 * on WhatsApp or RCS. It takes the same path as a provider's inbound message (stored in
 * inbound_messages, `message.received` raised to the subscribed endpoints), with provider
 * `simulator`. It is addressed to the sender that last wrote to the number on that channel,
 * else to the channel's first sender.
 */
export async function simulateCustomerReply(ctx: Ctx, raw: z.input<typeof input>): Promise<{ id: string }> {
  const data = input.parse(raw);
  const phone = requireRecipient(data.phone, "phone");
  const [last] = await rawQuery<Pick<RowOf<typeof messages>, "sender">>(
    ctx.db,
    `SELECT sender FROM messages WHERE business_id = $1 AND recipient = $2 AND channel = $3 ORDER BY id DESC LIMIT 1`,
    [data.businessId, phone, data.channel],
  );
  const settings = last ? null : await loadChannel(ctx, data.businessId, data.channel);
  const to = last?.sender ?? (data.channel === "chatapp" ? settings?.phoneNumberIds[0] : settings?.agentId);
  if (!to) {
    throw new AppError("invalid_request", `This business has no ${data.channel} sender to reply to`, [
      { path: "channel", message: "No sender on this channel" },
    ]);
  }
  const providerMessageId = `sim.${uuidv7()}`;
  const { stored } = await recordInboundMessages(ctx, {
    businessId: data.businessId,
    channel: data.channel,
    provider: "simulator",
    messages: [
      {
        providerMessageId,
        from: phone,
        to,
        type: "text",
        text: data.text,
        buttonPayload: null,
        replyToProviderMessageId: null,
        profileName: null,
        media: null,
        receivedAt: new Date(),
        raw: { source: "virtual-phone", id: providerMessageId, text: data.text },
      },
    ],
  });
  return { id: stored[0]! };
}
