import type { OutboundMessage } from "../channels/message-provider";
import type { Ctx } from "../context";
import { notFound } from "../errors";
import { isUuid } from "../ids";
import { rawQuery } from "../jobs/raw-sql";
import type { MessageStatus } from "./schemas";

export type MessageDetails = {
  id: string;
  transactionId: string;
  channel: "chatapp" | "rcs";
  sender: string;
  recipient: string;
  msgType: string;
  templateName: string;
  language: string;
  status: MessageStatus;
  messageRef: string;
  provider: string;
  providerMessageId: string | null;
  content: OutboundMessage["content"];
  errorCode: string | null;
  failedReason: string | null;
  failureDetails: string | null;
  dispatchAttempts: number;
  /** Epoch seconds, null when not reached. */
  times: Record<"created" | "accepted" | "sent" | "delivered" | "read" | "failed", number | null>;
  /** Every status event received, oldest first, with what became of it. */
  events: Array<{
    status: string;
    outcome: string;
    source: string;
    errorCode: string | null;
    reason: string | null;
    occurredAt: number;
    receivedAt: number;
  }>;
  /** The message's status callbacks (callbacks.md), newest first; attempts via getDelivery. */
  callbacks: Array<{
    id: string;
    endpointId: string;
    status: string;
    attempts: number;
    lastResponseCode: number | null;
    payload: unknown;
    createdAt: number;
  }>;
};

type Row = {
  id: string;
  transaction_id: string;
  channel: "chatapp" | "rcs";
  sender: string;
  recipient: string;
  msg_type: string;
  template_name: string;
  language: string;
  status: MessageStatus;
  message_ref: string;
  provider: string;
  provider_message_id: string | null;
  content: OutboundMessage["content"];
  error_code: string | null;
  failed_reason: string | null;
  failure_details: string | null;
  dispatch_attempts: number;
  created_at: Date;
  accepted_at: Date | null;
  sent_at: Date | null;
  delivered_at: Date | null;
  read_at: Date | null;
  failed_at: Date | null;
};

const secs = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/** The message page: the message, its timeline of status events and its callback deliveries. */
export async function getMessageDetails(
  ctx: Ctx,
  input: { businessId: string; messageId: string },
): Promise<MessageDetails> {
  const [r] = isUuid(input.messageId)
    ? await rawQuery<Row>(ctx.db, `SELECT * FROM messages WHERE business_id = $1 AND id = $2`, [
        input.businessId,
        input.messageId,
      ])
    : [];
  if (!r) throw notFound("Message");
  const events = await rawQuery<{
    status: string;
    outcome: string;
    source: string;
    error_code: string | null;
    reason: string | null;
    occurred_at: Date;
    received_at: Date;
  }>(
    ctx.db,
    `SELECT status, outcome, source, error_code, reason, occurred_at, received_at FROM message_events
     WHERE business_id = $1 AND message_id = $2 ORDER BY received_at, id`,
    [input.businessId, r.id],
  );
  const callbacks = await rawQuery<{
    id: string;
    endpoint_id: string;
    status: string;
    attempts: number;
    last_response_code: number | null;
    payload: unknown;
    created_at: Date;
  }>(
    ctx.db,
    `SELECT id, endpoint_id, status, attempts, last_response_code, payload, created_at FROM callback_deliveries
     WHERE business_id = $1 AND subject_id = $2 ORDER BY id DESC LIMIT 100`,
    [input.businessId, r.id],
  );
  return {
    id: r.id,
    transactionId: r.transaction_id,
    channel: r.channel,
    sender: r.sender,
    recipient: r.recipient,
    msgType: r.msg_type,
    templateName: r.template_name,
    language: r.language,
    status: r.status,
    messageRef: r.message_ref,
    provider: r.provider,
    providerMessageId: r.provider_message_id,
    content: r.content,
    errorCode: r.error_code,
    failedReason: r.failed_reason,
    failureDetails: r.failure_details,
    dispatchAttempts: r.dispatch_attempts,
    times: {
      created: secs(r.created_at),
      accepted: secs(r.accepted_at),
      sent: secs(r.sent_at),
      delivered: secs(r.delivered_at),
      read: secs(r.read_at),
      failed: secs(r.failed_at),
    },
    events: events.map((e) => ({
      status: e.status,
      outcome: e.outcome,
      source: e.source,
      errorCode: e.error_code,
      reason: e.reason,
      occurredAt: secs(e.occurred_at)!,
      receivedAt: secs(e.received_at)!,
    })),
    callbacks: callbacks.map((c) => ({
      id: c.id,
      endpointId: c.endpoint_id,
      status: c.status,
      attempts: c.attempts,
      lastResponseCode: c.last_response_code,
      payload: c.payload,
      createdAt: secs(c.created_at)!,
    })),
  };
}
