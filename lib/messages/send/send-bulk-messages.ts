import { inTransaction, type Ctx } from "../../context";
import {
  NO_MARKETING_CONSENT,
  isMarketingTemplate,
  lackingMarketingConsent,
} from "../../audiences/consent/require-marketing-consent";
import { AppError, type ErrorDetail } from "../../errors";
import { applyStatusEvents } from "../status/apply-status-events";
import { uuidv7 } from "../../ids";
import { checkChatappTemplateSend } from "./check-chatapp-template-send";
import type { IdempotencyRef } from "./commit-send";
import { messagesConfig } from "../dispatch/config";
import { completeSend, insertMessageRows, ROWS_PER_STATEMENT, type NewMessage } from "./insert-send-rows";
import { readInternational } from "../../phone/international";
import type { SendBulkInput } from "../schemas";
import { sendBulkInput } from "../schemas";

const MAX_DETAILS = 20;

/** A subscriber B1 could not send: its message is recorded as failed with this reason. */
export type BulkRefusal = {
  /** The subscriber's index in the request. */
  index: number;
  subscriberId: string;
  messageId: string;
  errorCode: "invalid_recipient" | "invalid_variables" | "no_marketing_consent";
  reason: string;
};

/**
 * B1: one template to many subscribers. The message's variable parameters are slots that each
 * subscriber's `variables` fill in order (body: text, a currency's amount, a date's text; then
 * URL buttons: the published example
 * fills a URL button's suffix with its third value; a carousel's top body, then card by card,
 * see carousel-content.ts); a subscriber without `variables` gets the parameters as written.
 * Every subscriber is checked: the valid ones are sent; each one that is not (a number without
 * its country code, variables that do not fit, no marketing opt-in for a MARKETING template when
 * the business requires one) still gets a message, recorded as failed with
 * its error code and reason (B2 and B3 count it, its status callback says why) and listed in
 * the answer's `refused`. A request with no valid subscriber is a 400 and writes nothing. All
 * rows and the valid ones' chunked dispatch jobs are written in one transaction.
 */
export async function sendBulkMessages(
  ctx: Ctx,
  businessId: string,
  raw: SendBulkInput,
  idempotency?: IdempotencyRef,
): Promise<{ transactionId: string; refused?: BulkRefusal[] }> {
  const input = sendBulkInput.parse(raw);
  const max = messagesConfig().MESSAGES_BULK_MAX;
  if (input.subscribers.length > max) {
    const message = `At most ${max} subscribers per request (got ${input.subscribers.length}); split the list`;
    throw new AppError("invalid_request", message, [{ path: "subscribers", message }]);
  }
  const { settings, sender, template, plan } = await checkChatappTemplateSend(ctx, businessId, input);
  // A MARKETING template, when the business requires an opt-in: the numbers without one, in one
  // query (nothing when the setting is off).
  const unconsented = isMarketingTemplate(template.category)
    ? await lackingMarketingConsent(
        ctx,
        businessId,
        input.subscribers.map((s) => readInternational(s.subscriberId)).filter((p) => p !== undefined),
      )
    : new Set<string>();

  const transactionId = uuidv7();
  const issues: ErrorDetail[] = [];
  const refused: BulkRefusal[] = [];
  const rows: NewMessage[] = [];
  /** The sendable ones, for their dispatch jobs. */
  const valid: NewMessage[] = [];
  const build = (s: SendBulkInput["subscribers"][number], i: number) => {
    const recipient = readInternational(s.subscriberId);
    const values = s.variables && plan.fit ? plan.fit(s.variables) : s.variables;
    let problem: (ErrorDetail & { errorCode: BulkRefusal["errorCode"] }) | undefined;
    if (!recipient) {
      problem = {
        errorCode: "invalid_recipient",
        path: `subscribers.${i}.subscriberId`,
        message: `'${s.subscriberId}' is not a valid phone number with its country code, e.g. 919876543210`,
      };
    } else if (unconsented.has(recipient)) {
      problem = {
        errorCode: NO_MARKETING_CONSENT.code,
        path: `subscribers.${i}.subscriberId`,
        message: NO_MARKETING_CONSENT.reason,
      };
    } else if (values && values.length !== plan.slots) {
      problem = {
        errorCode: "invalid_variables",
        path: `subscribers.${i}.variables`,
        message: `Template '${template.name}' takes ${plan.slots} variable(s); ${values.length} given`,
      };
    } else if (values) {
      const wrong = plan.problem(values);
      if (wrong)
        problem = { errorCode: "invalid_variables", path: `subscribers.${i}.variables`, message: wrong };
    }
    const row: NewMessage = {
      id: uuidv7(),
      businessId,
      transactionId,
      channel: "chatapp",
      sender,
      recipient: recipient ?? s.subscriberId,
      msgType: "template",
      templateId: template.id,
      templateName: template.name,
      language: template.language,
      content: {
        kind: "template",
        name: template.name,
        language: template.language,
        components: problem ? [] : plan.build(values),
      },
      messageRef: s.messageRef ?? transactionId,
      provider: settings.provider,
    };
    rows.push(row);
    if (!problem) {
      valid.push(row);
      return;
    }
    if (issues.length < MAX_DETAILS) issues.push({ path: problem.path, message: problem.message });
    refused.push({
      index: i,
      subscriberId: s.subscriberId,
      messageId: row.id,
      errorCode: problem.errorCode,
      reason: `${problem.path}: ${problem.message}`,
    });
  };
  const response = () => (refused.length > 0 ? { transactionId, refused } : { transactionId });

  await inTransaction(ctx, async (tx) => {
    // Subscribers are checked and built a chunk at a time, and each chunk is inserted while
    // the next one is built: PostgreSQL writes while this process validates (10,000
    // subscribers, in process: 885-966 ms before, 650-860 ms after). With no valid subscriber
    // at the end, what was written rolls back: nothing is sent.
    let writing: Promise<void> = Promise.resolve();
    let written = 0;
    const all = input.subscribers;
    for (let start = 0; start < all.length; start += ROWS_PER_STATEMENT) {
      const end = Math.min(start + ROWS_PER_STATEMENT, all.length);
      for (let i = start; i < end; i++) build(all[i]!, i);
      if (end < all.length) {
        await writing;
        writing = insertMessageRows(tx.db, rows.slice(written));
        written = rows.length;
      }
    }
    await writing;
    if (valid.length === 0) {
      const more = refused.length > issues.length ? ` (first ${issues.length} listed)` : "";
      throw new AppError(
        "invalid_request",
        `No subscriber is valid${more}; nothing was sent: ${issues[0]!.path}: ${issues[0]!.message}`,
        issues,
      );
    }
    await completeSend(
      tx.db,
      [
        {
          id: transactionId,
          businessId,
          kind: "bulk",
          channel: "chatapp",
          templateId: template.id,
          templateName: template.name,
          language: template.language,
          total: rows.length,
        },
      ],
      valid,
      idempotency ? [{ businessId, key: idempotency.key, response: response() }] : [],
      rows.slice(written),
    );
    // The refused ones end failed at once, through the status path: their counters, events and
    // failed callbacks as any failure's.
    if (refused.length > 0) {
      const at = new Date();
      await applyStatusEvents(
        tx,
        refused.map((r) => ({
          businessId,
          messageId: r.messageId,
          status: "failed" as const,
          at,
          errorCode: r.errorCode,
          reason: r.reason,
          source: "intake",
        })),
      );
    }
  });
  return response();
}
