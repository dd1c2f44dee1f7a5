import { db, type Executor } from "./db/pool";
import { transaction } from "./db/sql";
import type { DeferredDispatch } from "./messages/send/deferred-dispatch";

/** Who is acting: a dashboard user, an API key, or the system itself (seed, workers). */
export type Actor =
  | { type: "user"; id: string; role: string; businessId: string | null }
  | { type: "api_key"; id: string; businessId: string }
  | { type: "system"; id: string };

/** What every domain function receives: the database (or a transaction) and the actor. */
export type Ctx = {
  db: Executor;
  actor: Actor;
  /**
   * Set by a caller whose one transaction sends many messages (the inbound batch): each send
   * adds itself here instead of writing its rows and enqueueing their dispatch, and the caller
   * writes them all once before it commits (lib/messages/send/deferred-dispatch.ts).
   */
  deferredDispatch?: DeferredDispatch;
  /**
   * "shared": the transaction holds the business's routing lock shared (a wake batch, beside
   * other wake batches of the business): it may not route, and lockRouting refuses
   * (lib/conversations/routing-lock.ts), so the batch is done again holding it alone.
   */
  routingLock?: "shared";
};

export const systemCtx = (id = "system"): Ctx => ({ db: db(), actor: { type: "system", id } });

/**
 * Runs `fn` in a transaction with the same actor (a savepoint when `ctx` is in one already).
 * A savepoint that rolls back drops the sends it deferred (ctx.deferredDispatch) with its rows.
 */
export async function inTransaction<T>(ctx: Ctx, fn: (tx: Ctx) => Promise<T>): Promise<T> {
  const deferred = ctx.deferredDispatch;
  if (!deferred) return transaction(ctx.db, (tx) => fn({ ...ctx, db: tx }));
  const mark = deferred.mark();
  try {
    return await transaction(ctx.db, (tx) => fn({ ...ctx, db: tx }));
  } catch (err) {
    deferred.rollbackTo(mark);
    throw err;
  }
}
