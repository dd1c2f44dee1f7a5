import { enqueueCallbacks } from "../callbacks/enqueue-callbacks";
import type { CallbackEvent, MessageReceivedPayload } from "../callbacks/schemas";
import type { Channel } from "../businesses/schemas";
import type { ProviderInboundMessage } from "../channels/inbound-message";
import { inTransaction, type Ctx } from "../context";
import { uuidv7 } from "../ids";
import { rawQuery } from "../db/sql";
import { notifyInboundStored } from "./inbound-listeners";

export type RecordInboundInput = {
  businessId: string;
  channel: Channel;
  /** whatsapp-cloud, google-rbm, simulator. */
  provider: string;
  messages: ProviderInboundMessage[];
};

export type RecordInboundResult = {
  /** Ids of the rows written now; a message already stored (redelivery) is not among them. */
  stored: string[];
  duplicates: number;
};

/**
 * Stores customers' messages to a business and raises `message.received` for each new one, in
 * one transaction (docs/architecture.md rule 6): a provider redelivering a webhook (Meta and RBM retry
 * until they get a 2xx) stores nothing twice and raises no second callback, because the
 * provider message id is unique per business and channel. A reply to one of our messages
 * (Meta's context.id) is linked to it by its provider message id, within the business.
 */
export async function recordInboundMessages(
  ctx: Ctx,
  input: RecordInboundInput,
): Promise<RecordInboundResult> {
  // One provider id once per call (a body may repeat a message); the first occurrence wins.
  const unique = new Map<string, ProviderInboundMessage>();
  for (const m of input.messages) if (!unique.has(m.providerMessageId)) unique.set(m.providerMessageId, m);
  const messages = [...unique.values()];
  if (messages.length === 0) return { stored: [], duplicates: input.messages.length };
  return inTransaction(ctx, async (tx) => {
    const replyRefs = [...new Set(messages.flatMap((m) => m.replyToProviderMessageId ?? []))];
    const replies = new Map<string, string>();
    if (replyRefs.length > 0) {
      const rows = await rawQuery<{ id: string; provider_message_id: string }>(
        tx.db,
        `SELECT id, provider_message_id FROM messages
         WHERE business_id = $1 AND provider = $2 AND provider_message_id = ANY($3::text[])`,
        [input.businessId, input.provider, replyRefs],
      );
      for (const r of rows) replies.set(r.provider_message_id, r.id);
    }

    const ids = messages.map(() => uuidv7());
    const payloads = messages.map((m) => ({
      profileName: m.profileName,
      buttonPayload: m.buttonPayload,
      replyToProviderMessageId: m.replyToProviderMessageId,
      replyToMessageId: m.replyToProviderMessageId ? (replies.get(m.replyToProviderMessageId) ?? null) : null,
      media: m.media,
      raw: m.raw,
    }));
    const inserted = await rawQuery<{ id: string }>(
      tx.db,
      `INSERT INTO inbound_messages
         (id, business_id, channel, provider, "from", "to", provider_message_id, type, text, payload, received_at)
       SELECT v.id, $1, $2, $3, v.from_, v.to_, v.ref, v.type, v.text, v.payload, v.received_at
       FROM unnest($4::uuid[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::jsonb[],
         $11::timestamptz[]) AS v(id, from_, to_, ref, type, text, payload, received_at)
       ON CONFLICT (business_id, channel, provider_message_id) DO NOTHING
       RETURNING id`,
      [
        input.businessId,
        input.channel,
        input.provider,
        ids,
        messages.map((m) => m.from),
        messages.map((m) => m.to),
        messages.map((m) => m.providerMessageId),
        messages.map((m) => m.type),
        messages.map((m) => m.text),
        payloads.map((p) => JSON.stringify(p)),
        messages.map((m) => m.receivedAt),
      ],
    );
    const stored = new Set(inserted.map((r) => r.id));
    // What the callback and the live inbox notice both say of message i, in their key order.
    const messageFields = (m: ProviderInboundMessage, i: number) => ({
      to: m.to,
      profileName: m.profileName,
      type: m.type,
      text: m.text,
      buttonPayload: m.buttonPayload,
      replyToMessageId: payloads[i]!.replyToMessageId,
    });
    const events: CallbackEvent[] = [];
    messages.forEach((m, i) => {
      if (!stored.has(ids[i]!)) return;
      const payload: MessageReceivedPayload = {
        messageId: ids[i]!,
        providerMessageId: m.providerMessageId,
        channel: input.channel,
        subscriberId: m.from,
        ...messageFields(m, i),
        media: m.media,
        receivedAt: Math.floor(m.receivedAt.getTime() / 1000),
        raw: m.raw,
      };
      events.push({ event: "message.received", payload });
    });
    await enqueueCallbacks(tx, input.businessId, events);
    await notifyInboundStored(tx, {
      businessId: input.businessId,
      channel: input.channel,
      messages: messages.flatMap((m, i) =>
        stored.has(ids[i]!)
          ? [{ id: ids[i]!, from: m.from, ...messageFields(m, i), receivedAt: m.receivedAt }]
          : [],
      ),
    });
    return {
      stored: ids.filter((id) => stored.has(id)),
      duplicates: input.messages.length - stored.size,
    };
  });
}
