import type { Ctx } from "../../context";
import { db } from "../../db";
import { insertSendRows, type NewMessage, type NewTransaction } from "./insert-send-rows";
import { submitSend } from "./send-batcher";

/** Idempotency key of the request, completed with its response in the send's transaction. */
export type IdempotencyRef = { key: string };

/**
 * Stores a send (transaction, messages, dispatch jobs, the Idempotency-Key's response) and
 * resolves once it is committed. On the root handle it goes through the group-commit batcher;
 * inside a caller's transaction it writes there, so it commits with the caller's other rows.
 */
export async function commitSend(
  ctx: Ctx,
  transaction: NewTransaction,
  msgs: NewMessage[],
  response: unknown,
  idempotency?: IdempotencyRef,
): Promise<void> {
  const completion = idempotency
    ? { businessId: transaction.businessId, key: idempotency.key, response }
    : undefined;
  if (ctx.db === db()) return submitSend(transaction, msgs, completion);
  await insertSendRows(ctx.db, [transaction], msgs, completion ? [completion] : []);
}
