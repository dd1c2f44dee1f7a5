import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";

/**
 * Serialises every routing decision of one business across processes and instances: a
 * transaction-scoped advisory lock, released at commit. Whoever holds it sees every earlier
 * assignment committed (READ COMMITTED reads a fresh snapshot per statement), so two instances
 * never give one conversation to two agents nor push an agent past the limit. Taken before any
 * conversation row is locked, by every writer that routes, so the lock order is always the same.
 * A transaction that holds it shared (`ctx.routingLock`, lockRoutingShared) may not route:
 * this throws RoutingLockShared, and the caller does its work again holding the lock alone.
 */
export async function lockRouting(tx: Ctx, businessId: string): Promise<void> {
  if (tx.routingLock === "shared") throw new RoutingLockShared();
  await rawQuery(tx.db, `SELECT pg_advisory_xact_lock(hashtext('conversation-routing'), hashtext($1))`, [
    businessId,
  ]);
}

/**
 * The routing lock shared, for work that changes conversations without routing them (the flow
 * wake batches, several of one business at once): it waits for a router holding it and keeps
 * routers out until commit, but not other shared holders. The caller marks its Ctx
 * (`routingLock: "shared"`) so that anything in it that would route refuses instead.
 */
export async function lockRoutingShared(tx: Ctx, businessId: string): Promise<void> {
  await rawQuery(
    tx.db,
    `SELECT pg_advisory_xact_lock_shared(hashtext('conversation-routing'), hashtext($1))`,
    [businessId],
  );
}

/** Thrown where a transaction holding the routing lock shared would route (lockRouting). */
export class RoutingLockShared extends Error {
  constructor() {
    super("routing needs the routing lock held alone; this transaction holds it shared");
  }
}
