import type { Ctx } from "../../context";
import { isTransaction } from "../../db/sql";
import { insertSendRows, type NewMessage, type NewTransaction } from "./insert-send-rows";
import { submitSend } from "./send-batcher";

/** Idempotency key of the request, completed with its response in the send's transaction. */
export type IdempotencyRef = { key: string };

export type CommitOptions = {
  idempotency?: IdempotencyRef;
  /**
   * Share a commit with concurrent single sends (send-batcher.ts): the API edges ask for it.
   * The rows are then written apart from any transaction `ctx` holds, so it is refused there.
   */
  groupCommit?: boolean;
};

/**
 * Stores a send (transaction, messages, dispatch jobs, the Idempotency-Key's response) and
 * resolves once it is committed: through the group commit when the caller asks for it, else
 * through `ctx.db`, so it commits with the caller's other rows. With `ctx.deferredDispatch`
 * the rows and the dispatch job are the caller's: the send is added to it, to be written and
 * enqueued with the other sends of its transaction (deferred-dispatch.ts); a send that
 * completes an Idempotency-Key writes its rows at once, its job only deferred.
 */
export async function commitSend(
  ctx: Ctx,
  transaction: NewTransaction,
  msgs: NewMessage[],
  response: unknown,
  opts: CommitOptions = {},
): Promise<void> {
  const completion = opts.idempotency
    ? { businessId: transaction.businessId, key: opts.idempotency.key, response }
    : undefined;
  if (opts.groupCommit) {
    if (isTransaction(ctx.db)) throw new Error("a group commit cannot join the caller's transaction");
    return submitSend({ transaction, messages: msgs, idempotency: completion });
  }
  const deferred = ctx.deferredDispatch;
  if (deferred && !completion) return deferred.addSend(transaction, msgs);
  await insertSendRows(ctx.db, [transaction], msgs, completion ? [completion] : [], { jobs: !deferred });
  deferred?.add(msgs);
}
