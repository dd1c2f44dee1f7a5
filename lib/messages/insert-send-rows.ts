import type { OutboundMessage } from "../channels/message-provider";
import type { Executor } from "../db";
import { rawQuery } from "../jobs/raw-sql";
import { enqueueDispatch } from "./dispatch-queue";

export type NewTransaction = {
  id: string;
  businessId: string;
  kind: "single" | "bulk" | "rcs";
  channel: "chatapp" | "rcs";
  templateId: string | null;
  templateName: string | null;
  language: string | null;
  total: number;
};

export type NewMessage = {
  id: string;
  businessId: string;
  transactionId: string;
  channel: "chatapp" | "rcs";
  sender: string;
  recipient: string;
  msgType: "template" | "text" | "richcard";
  templateId: string | null;
  templateName: string;
  language: string;
  content: OutboundMessage["content"];
  messageRef: string;
  provider: string;
};

/** The Idempotency-Key record a send completes in its own transaction (see idempotency.ts). */
export type IdempotencyCompletion = { businessId: string; key: string; response: unknown };

const ROWS_PER_INSERT = 2_000;

/**
 * Writes transactions, their messages (multi-row unnest inserts) and the dispatch jobs (one
 * per chunk of MESSAGES_DISPATCH_CHUNK messages, per business) through `executor`, which the
 * caller holds in a transaction: the rows and their jobs commit together or not at all.
 */
export async function insertSendRows(
  executor: Executor,
  transactions: NewTransaction[],
  msgs: NewMessage[],
  idempotency: IdempotencyCompletion[] = [],
): Promise<void> {
  if (transactions.length > 0) {
    await rawQuery(
      executor,
      `INSERT INTO message_transactions (id, business_id, kind, channel, template_id, template_name, language, total)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::uuid[], $6::text[], $7::text[], $8::int[])`,
      [
        transactions.map((t) => t.id),
        transactions.map((t) => t.businessId),
        transactions.map((t) => t.kind),
        transactions.map((t) => t.channel),
        transactions.map((t) => t.templateId),
        transactions.map((t) => t.templateName),
        transactions.map((t) => t.language),
        transactions.map((t) => t.total),
      ],
    );
  }
  for (let i = 0; i < msgs.length; i += ROWS_PER_INSERT) {
    // One JSON document per statement: node-postgres escapes array parameters element by
    // element, which cost more than the insert itself for 10,000 rows with their content.
    const rows = JSON.stringify(msgs.slice(i, i + ROWS_PER_INSERT));
    await rawQuery(
      executor,
      `INSERT INTO messages (id, business_id, transaction_id, channel, sender, recipient, msg_type, template_id,
         template_name, language, content, message_ref, provider)
       SELECT v."id", v."businessId", v."transactionId", v."channel", v."sender", v."recipient", v."msgType",
         v."templateId", v."templateName", v."language", v."content"::jsonb, v."messageRef", v."provider"
       FROM json_to_recordset($1::json) AS v("id" uuid, "businessId" uuid, "transactionId" uuid, "channel" text,
         "sender" text, "recipient" text, "msgType" text, "templateId" uuid, "templateName" text, "language" text,
         "content" json, "messageRef" text, "provider" text)`,
      [rows],
    );
  }
  if (idempotency.length > 0) {
    await rawQuery(
      executor,
      `UPDATE idempotency_keys k SET state = 'done', response_status = 200, response_body = v.body
       FROM unnest($1::uuid[], $2::text[], $3::jsonb[]) AS v(business_id, key, body)
       WHERE k.business_id = v.business_id AND k.key = v.key`,
      [
        idempotency.map((i) => i.businessId),
        idempotency.map((i) => i.key),
        idempotency.map((i) => JSON.stringify(i.response)),
      ],
    );
  }
  await enqueueDispatch(executor, msgs);
}
