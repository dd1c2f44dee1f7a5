import type { OutboundMessage } from "../../channels/message-provider";
import type { Executor } from "../../db/pool";
import { rawQuery } from "../../db/sql";
import { writeStatement } from "../../db/write-statement";
import { messagesConfig } from "../dispatch/config";
import { dispatchJobs, dispatchQueue } from "../dispatch/dispatch-queue";

const leaseSeconds = () => messagesConfig().MESSAGES_DISPATCH_LEASE_SECONDS;

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
  /** image and document: free-form media replies of a conversation. */
  msgType: "template" | "text" | "richcard" | "image" | "document" | "interactive";
  templateId: string | null;
  templateName: string;
  language: string;
  content: OutboundMessage["content"];
  messageRef: string;
  provider: string;
};

/** The Idempotency-Key record a send completes in its own transaction (see idempotency.ts). */
export type IdempotencyCompletion = { businessId: string; key: string; response: unknown };

/** Messages per statement; a send of at most this many is written by one statement. */
export const ROWS_PER_STATEMENT = 2_000;

// One JSON document per statement: node-postgres escapes array parameters element by element,
// which cost more than the insert itself for 10,000 rows with their content.
// Each message is born leased to its first dispatch job (the lease from now, no attempt yet):
// that job sends it without a claim write (dispatchMessages, DispatchJob.leased).
const INSERT_MESSAGES = `INSERT INTO messages (id, business_id, transaction_id, channel, sender, recipient, msg_type,
    template_id, template_name, language, content, message_ref, provider, dispatch_locked_until)
  SELECT v."id", v."businessId", v."transactionId", v."channel", v."sender", v."recipient", v."msgType",
    v."templateId", v."templateName", v."language", v."content"::jsonb, v."messageRef", v."provider",
    now() + make_interval(secs => $2)
  FROM json_to_recordset($1::json) AS v("id" uuid, "businessId" uuid, "transactionId" uuid, "channel" text,
    "sender" text, "recipient" text, "msgType" text, "templateId" uuid, "templateName" text, "language" text,
    "content" json, "messageRef" text, "provider" text)`;

const INSERT_TRANSACTIONS = `INSERT INTO message_transactions (id, business_id, kind, channel, template_id, template_name,
    language, total)
  SELECT v."id", v."businessId", v."kind", v."channel", v."templateId", v."templateName", v."language", v."total"
  FROM json_to_recordset($1::json) AS v("id" uuid, "businessId" uuid, "kind" text, "channel" text,
    "templateId" uuid, "templateName" text, "language" text, "total" int)`;

const COMPLETE_IDEMPOTENCY = `UPDATE idempotency_keys k SET state = 'done', response_status = 200, response_body = v."body"
  FROM json_to_recordset($1::json) AS v("businessId" uuid, "key" text, "body" jsonb)
  WHERE k.business_id = v."businessId" AND k.key = v."key"`;

/**
 * Writes transactions, their messages, the Idempotency-Keys' responses and the dispatch jobs
 * (one per chunk of MESSAGES_DISPATCH_CHUNK messages, per business; `jobs: false`: none, the
 * caller enqueues them in the same transaction, deferred-dispatch.ts) through `executor`. Up to
 * ROWS_PER_STATEMENT messages this is ONE statement (data-modifying CTEs, pg-boss's own job
 * insert among them): atomic by itself on the pool, one round trip, which is what lets the
 * group commit of single sends keep up (bench/results-archive/2026.md). Larger sends write their first
 * messages in chunks before it, so the caller must hold a transaction for them.
 */
export async function insertSendRows(
  executor: Executor,
  transactions: NewTransaction[],
  msgs: NewMessage[],
  idempotency: IdempotencyCompletion[] = [],
  opts: { jobs?: boolean } = {},
): Promise<void> {
  let from = 0;
  for (; msgs.length - from > ROWS_PER_STATEMENT; from += ROWS_PER_STATEMENT) {
    await insertMessageRows(executor, msgs.slice(from, from + ROWS_PER_STATEMENT));
  }
  await completeSend(executor, transactions, opts.jobs === false ? [] : msgs, idempotency, msgs.slice(from));
}

/** Inserts messages only (at most ROWS_PER_STATEMENT); completeSend writes the rest. */
export async function insertMessageRows(executor: Executor, msgs: NewMessage[]): Promise<void> {
  await rawQuery(executor, INSERT_MESSAGES, [JSON.stringify(msgs), leaseSeconds()]);
}

/**
 * The closing statement of a send: the transactions, the messages not written yet (`unwritten`,
 * at most ROWS_PER_STATEMENT), the Idempotency-Keys' responses and the dispatch jobs of ALL the
 * send's messages (`msgs`).
 */
export async function completeSend(
  executor: Executor,
  transactions: NewTransaction[],
  msgs: Array<{ id: string; businessId: string }>,
  idempotency: IdempotencyCompletion[],
  unwritten: NewMessage[],
): Promise<void> {
  await writeStatement()
    .with("m", INSERT_MESSAGES, [JSON.stringify(unwritten), leaseSeconds()])
    .with("t", INSERT_TRANSACTIONS, [JSON.stringify(transactions)])
    .with("k", COMPLETE_IDEMPOTENCY, [
      JSON.stringify(idempotency.map((i) => ({ ...i, body: i.response, response: undefined }))),
    ])
    .jobs(dispatchQueue, dispatchJobs(msgs, 0, true))
    .run(executor);
}
