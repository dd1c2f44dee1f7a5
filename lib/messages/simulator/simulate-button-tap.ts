import { z } from "zod";
import type { OutboundMessage } from "../../channels/message-provider";
import { inTransaction, type Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { AppError, notFound } from "../../errors";
import { isUuid, uuidv7 } from "../../ids";
import { recordInboundMessages } from "../../inbound/record-inbound-messages";
import { recordPromotionInteractions } from "../../promotions/engine/record-interactions";
import type { ChatappComponent } from "../../templates/chatapp-schemas";
import { preview } from "../content/message-preview";

export const simulateButtonTapInput = z.object({
  businessId: z.string().uuid(),
  messageId: z.string(),
  /** The button's position in the bubble (or in the card, with `card`). */
  button: z.number().int().min(0).max(20),
  /** A carousel card's index, for a button of that card. */
  card: z.number().int().min(0).max(20).optional(),
});
export type SimulateButtonTapInput = z.input<typeof simulateButtonTapInput>;

export type ButtonTap = { kind: "reply" | "url"; text: string; url: string | null; inboundId: string | null };

type Row = {
  recipient: string;
  sender: string;
  channel: "chatapp" | "rcs";
  provider: string;
  provider_message_id: string | null;
  status: string;
  content: OutboundMessage["content"];
  components: ChatappComponent[] | null;
};

/**
 * The virtual phone's tap on a button of a received message. A quick reply (or RCS suggested
 * reply) is what Meta and RBM report as a customer message of type `button` answering ours: it
 * is stored as one (message.received callbacks, replies list) and so marks the campaign
 * recipient interacted. A URL button opens a link: no provider reports that as a message, so it
 * is recorded as an interaction only (the campaign's "Interacted"), never as a reply.
 */
export async function simulateButtonTap(ctx: Ctx, raw: SimulateButtonTapInput): Promise<ButtonTap> {
  const input = simulateButtonTapInput.parse(raw);
  const [row] = isUuid(input.messageId)
    ? await rawQuery<Row>(
        ctx.db,
        `SELECT m.recipient, m.sender, m.channel, m.provider, m.provider_message_id, m.status, m.content,
           t.components
         FROM messages m LEFT JOIN templates t ON t.business_id = m.business_id AND t.id = m.template_id
         WHERE m.business_id = $1 AND m.id = $2`,
        [input.businessId, input.messageId],
      )
    : [];
  if (!row) throw notFound("Message");
  const refuse = (path: string, message: string) =>
    new AppError("invalid_request", message, [{ path, message }]);
  if (row.provider !== "simulator") {
    throw refuse("messageId", "Only messages sent through the simulator can be tapped on the virtual phone");
  }
  // A message that never reached the phone has nothing to tap.
  if (!["sent", "delivered", "read"].includes(row.status)) {
    throw refuse(
      "messageId",
      `The message is ${row.status}: only a message the phone received can be tapped`,
    );
  }
  const shown = preview(row.content, row.components ?? []);
  const buttons = input.card === undefined ? shown.buttons : shown.cards?.[input.card]?.buttons;
  const b = buttons?.[input.button];
  if (!b) throw refuse("button", "The message has no such button");

  const now = new Date();
  if (b.url) {
    await inTransaction(ctx, (tx) =>
      recordPromotionInteractions(tx, {
        businessId: input.businessId,
        channel: row.channel,
        messages: [
          {
            id: uuidv7(),
            from: row.recipient,
            to: row.sender,
            profileName: null,
            type: "url_tap",
            text: null,
            buttonPayload: null,
            replyToMessageId: input.messageId,
            receivedAt: now,
          },
        ],
      }),
    );
    return { kind: "url", text: b.text, url: b.url, inboundId: null };
  }
  const providerMessageId = `sim.${uuidv7()}`;
  const { stored } = await recordInboundMessages(ctx, {
    businessId: input.businessId,
    channel: row.channel,
    provider: "simulator",
    messages: [
      {
        providerMessageId,
        from: row.recipient,
        to: row.sender,
        // An interactive option comes back as Meta's interactive reply (its id), a template's
        // quick reply as a `button` message.
        type: b.payload ? "interactive" : "button",
        text: b.text,
        buttonPayload: b.payload ?? b.text,
        replyToProviderMessageId: row.provider_message_id,
        profileName: null,
        media: null,
        receivedAt: now,
        raw: {
          source: "virtual-phone",
          id: providerMessageId,
          ...(b.payload
            ? { interactive: { reply: { id: b.payload, title: b.text } } }
            : { button: { text: b.text } }),
        },
      },
    ],
  });
  return { kind: "reply", text: b.text, url: null, inboundId: stored[0] ?? null };
}
