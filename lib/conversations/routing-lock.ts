import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";

/**
 * Serialises every routing decision of one business across processes and instances: a
 * transaction-scoped advisory lock, released at commit. Whoever holds it sees every earlier
 * assignment committed (READ COMMITTED reads a fresh snapshot per statement), so two instances
 * never give one conversation to two agents nor push an agent past the limit. Taken before any
 * conversation row is locked, by every writer that routes, so the lock order is always the same.
 */
export async function lockRouting(tx: Ctx, businessId: string): Promise<void> {
  await rawQuery(tx.db, `SELECT pg_advisory_xact_lock(hashtext('conversation-routing'), hashtext($1))`, [
    businessId,
  ]);
}
