import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { businessIdColumn, createdAtColumn, timestamptz, updatedAtColumn } from "./columns";
import { businesses } from "./businesses";
import { messageStatuses } from "./statuses";

export const messageChannels = ["chatapp", "rcs"] as const;
export const transactionKinds = ["single", "bulk", "rcs", "promotion"] as const;

/**
 * One send request (A1, A2, A4, A5: one message; B1: many). Its id is the `transactionId` the
 * API answers with and the B2/B3 status queries take.
 */
export const messageTransactions = pgTable(
  "message_transactions",
  {
    id: uuid("id").primaryKey(),
    businessId: businessIdColumn(),
    kind: text("kind", { enum: transactionKinds }).notNull(),
    channel: text("channel", { enum: messageChannels }).notNull(),
    templateId: uuid("template_id"),
    templateName: text("template_name"),
    language: text("language"),
    total: integer("total").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index("message_transactions_business_idx").on(t.businessId, t.id)],
);

/**
 * One message to one recipient. `status` only moves forward (docs/architecture.md rule 8); each status
 * has its timestamp. `content` is what the provider is asked to send (template name, language
 * and filled component parameters, or the RCS text / rich card). `dispatch_*` columns belong
 * to the dispatch worker: its lease and its retry schedule.
 */
export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey(),
    businessId: businessIdColumn(),
    transactionId: uuid("transaction_id").notNull(),
    channel: text("channel", { enum: messageChannels }).notNull(),
    /** chatapp: phoneNumberId; rcs: agent id. */
    sender: text("sender").notNull(),
    /** E.164 digits without '+'. */
    recipient: text("recipient").notNull(),
    /** `template`, `rcs_text` or `rcs_richcard` (B2 msg_type). */
    msgType: text("msg_type").notNull(),
    templateId: uuid("template_id"),
    templateName: text("template_name").notNull().default(""),
    language: text("language").notNull().default(""),
    content: jsonb("content").notNull(),
    messageRef: text("message_ref").notNull(),
    status: text("status", { enum: messageStatuses }).notNull().default("attempted"),
    provider: text("provider").notNull(),
    providerMessageId: text("provider_message_id"),
    errorCode: text("error_code"),
    failedReason: text("failed_reason"),
    failureDetails: text("failure_details"),
    /**
     * What the provider said it charged (Meta's status `pricing`): billable or free, and the
     * category it billed (marketing, utility, authentication, service, ...). NULL: not said;
     * the rate card prices it (docs/economics.md, Cost).
     */
    billable: boolean("billable"),
    pricingCategory: text("pricing_category"),
    dispatchAttempts: integer("dispatch_attempts").notNull().default(0),
    dispatchLockedUntil: timestamptz("dispatch_locked_until"),
    createdAt: createdAtColumn(),
    acceptedAt: timestamptz("accepted_at"),
    sentAt: timestamptz("sent_at"),
    deliveredAt: timestamptz("delivered_at"),
    readAt: timestamptz("read_at"),
    failedAt: timestamptz("failed_at"),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index("messages_business_transaction_idx").on(t.businessId, t.transactionId),
    index("messages_business_recipient_idx").on(t.businessId, t.recipient, t.id),
    index("messages_business_created_idx").on(t.businessId, t.id),
    // Provider webhooks carry only the provider's message id: the one lookup that cannot lead
    // with business_id.
    index("messages_provider_ref_idx")
      .on(t.provider, t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    // No index holds, in its key or its predicate, a column the status updates (sent,
    // delivered, read: status, updated_at, the stamps) change: those updates are then HOT
    // (heap-only, no new index entries; the table's fillfactor leaves them room, migration
    // 0027). The sweepers look across businesses through two indexes whose columns change at
    // most at the acceptance, which writes every index anyway (provider_message_id):
    // - messages holding a dispatch lease, i.e. not accepted yet (born leased; the acceptance
    //   and every status update clear it): the dispatch sweeper's lost jobs;
    index("messages_dispatch_lease_idx")
      .on(t.dispatchLockedUntil)
      .where(sql`${t.dispatchLockedUntil} is not null`),
    // - the simulator's messages in id (creation) order, read from a persisted mark onwards
    //   (lib/jobs/sweep-marks.ts): the simulator reconcile. Other providers' messages stay out.
    index("messages_simulator_idx")
      .on(t.id)
      .where(sql`${t.provider} = 'simulator'`),
  ],
);

/**
 * The status events of a message that its row does not tell: `outcome` says whether it moved
 * the message (`applied`: a failure, or a status other than the three steps), was implied by a
 * later one (`implied`), or was absorbed (`duplicate`, `late`, `after_final`). An event that
 * simply moved the message to sent, delivered or read is its stamp there, not a row here
 * (lib/messages/status/apply-status-events.ts, writeRecords).
 */
export const messageEvents = pgTable(
  "message_events",
  {
    id: uuid("id").primaryKey(),
    businessId: businessIdColumn(),
    messageId: uuid("message_id").notNull(),
    status: text("status").notNull(),
    outcome: text("outcome").notNull(),
    /** simulator, whatsapp-cloud, google-rbm, dispatch, virtual-phone. */
    source: text("source").notNull(),
    errorCode: text("error_code"),
    reason: text("reason"),
    details: text("details"),
    occurredAt: timestamptz("occurred_at").notNull(),
    receivedAt: timestamptz("received_at").notNull().defaultNow(),
  },
  (t) => [index("message_events_message_idx").on(t.businessId, t.messageId, t.receivedAt)],
);

/**
 * A provider batch a dispatch job is sending right now: written before the provider is asked,
 * deleted in the transaction that records the answers (lib/messages/dispatch). One that
 * outlives its job (the worker was killed between the two) names messages the provider may
 * have accepted: the sweeper does not send those again until a status names them, or a grace
 * passes without one (sweep-messages.ts). Only for providers whose sends are not idempotent
 * (WhatsApp's Cloud API has no idempotency key).
 */
export const dispatchInflight = pgTable(
  "dispatch_inflight",
  {
    id: uuid("id").primaryKey(),
    businessId: businessIdColumn(),
    provider: text("provider").notNull(),
    messageIds: uuid("message_ids").array().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index("dispatch_inflight_created_idx").on(t.createdAt)],
);

/**
 * Idempotency-Key records of the send endpoints (IETF draft, Stripe): the request's hash,
 * whether it still runs, and the response to replay. Kept 24 h.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    businessId: businessIdColumn(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    state: text("state", { enum: ["running", "done"] }).notNull(),
    responseStatus: integer("response_status"),
    responseBody: jsonb("response_body"),
    /** A running record older than this belongs to a request that died: it may be taken over. */
    lockedUntil: timestamptz("locked_until").notNull(),
    createdAt: createdAtColumn(),
    expiresAt: timestamptz("expires_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.key] }),
    index("idempotency_keys_expires_idx").on(t.expiresAt),
  ],
);

/** A sender's key: business, channel and id (a chatapp number and an RCS agent may share an id). */
const senderKey = () => ({
  businessId: uuid("business_id")
    .notNull()
    .references(() => businesses.id, { onDelete: "cascade" }),
  channel: text("channel", { enum: messageChannels }).notNull(),
  sender: text("sender").notNull(),
});

/**
 * Messages per second a sender (phoneNumberId or RCS agent) may dispatch, when not the default.
 * Keyed by channel too: a chatapp number and an RCS agent may carry the same id.
 */
export const senderRateLimits = pgTable(
  "sender_rate_limits",
  {
    ...senderKey(),
    perSecond: integer("per_second").notNull(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.channel, t.sender] })],
);

/**
 * A sender's dispatch token bucket, shared by every worker process and instance
 * (lib/messages/sender-tokens.ts leases batches of it; lib/rate/lease-tokens.ts).
 */
export const senderRateBuckets = pgTable(
  "sender_rate_buckets",
  {
    ...senderKey(),
    /** Tokens left at updated_at (fractional: refilled by elapsed time). */
    tokens: doublePrecision("tokens").notNull(),
    /** Tokens handed out by the last lease; RETURNING reads it, since it cannot see the old row. */
    granted: integer("granted").notNull().default(0),
    /** In the future while the sender is held after a provider throttle: no refill before it. */
    updatedAt: timestamptz("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.channel, t.sender] })],
);
