import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { businessIdColumn, createdAtColumn } from "./columns";
import { messageChannels } from "./messages";

/**
 * Messages customers send to a business (Meta `messages[]`, RBM user messages), as the
 * provider webhooks deliver them. `provider_message_id` (Meta's wamid, RBM's messageId) is
 * unique per business and channel: a webhook delivered twice stores one row and raises one
 * `message.received` callback. `payload` holds what the callback carries beyond the columns
 * (profile name, button payload, media, the message it replies to) and the provider's raw
 * message object.
 */
export const inboundMessages = pgTable(
  "inbound_messages",
  {
    id: uuid("id").primaryKey(),
    businessId: businessIdColumn(),
    channel: text("channel", { enum: messageChannels }).notNull(),
    /** whatsapp-cloud, google-rbm, simulator. */
    provider: text("provider").notNull(),
    /** The customer: E.164 digits without '+' (the subscriberId of the callbacks). */
    from: text("from").notNull(),
    /** chatapp: the phoneNumberId written to; rcs: the agent id. */
    to: text("to").notNull(),
    providerMessageId: text("provider_message_id").notNull(),
    /** text, button, interactive, image, audio, video, document, sticker, location, ... */
    type: text("type").notNull(),
    text: text("text"),
    payload: jsonb("payload").notNull().default({}),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex("inbound_messages_provider_ref_idx").on(t.businessId, t.channel, t.providerMessageId),
    index("inbound_messages_business_from_idx").on(t.businessId, t.from, t.receivedAt),
    index("inbound_messages_business_created_idx").on(t.businessId, t.id),
  ],
);
