import { and, eq, isNotNull, sql } from "drizzle-orm";
import { promotions } from "@/db/schema";
import type { WinnerDecision } from "@/db/schema/ab-test";
import { systemCtx, type Ctx } from "../../context";
import { db } from "../../db/pool";
import { rawQuery, transaction } from "../../db/sql";
import { log } from "../../log";
import { armCounts } from "./arm-counts";
import { pickWinner } from "./pick-winner";

/** How often every worker scans for tests whose period is over (lib/wiring.ts). */
export const WINNER_SCAN_EVERY_MS = 15_000;
/** Tests decided per scan (each a short transaction; the rest wait for the next scan). */
const DUE_PER_SCAN = 20;

/** The period is over: `testHours` (ab_winner_hours) after the campaign's start. */
const DUE = sql`${promotions.abWinnerHours} IS NOT NULL AND ${promotions.status} = 'Active'
  AND ${promotions.startTime} + make_interval(hours => ${promotions.abWinnerHours}) <= now()`;

/**
 * The winner job's scan (a ticker on every worker): each Active A/B test whose winner is due
 * is decided in its own transaction (releaseWinner). A Stopped campaign waits until it is
 * resumed; an expired or cancelled one's held recipients ended with it.
 */
export async function sendDueWinners(): Promise<number> {
  const ctx = systemCtx("ab-winner");
  const due = await db().select({ id: promotions.id }).from(promotions).where(DUE).limit(DUE_PER_SCAN);
  let decided = 0;
  for (const { id } of due) {
    try {
      if (await transaction(db(), (tx) => releaseWinner({ ...ctx, db: tx }, id))) decided++;
    } catch (err) {
      // Nothing of it committed: the next scan tries again.
      log.error({ err, promotionId: id }, "A/B winner failed");
    }
  }
  return decided;
}

/**
 * Decides one due test, in the caller's transaction: claims the promotion row (FOR UPDATE SKIP
 * LOCKED, and only while ab_winner_hours is set: a second worker skips it or finds it
 * decided), picks the winner from the test arms' numbers (pickWinner), releases the held
 * recipients (`held` -> `pending`, their arm stays REST_ARM: the planner sends them the
 * winner's variant), and records the decision on ab_test.winner with ab_winner_hours cleared
 * and the campaign due now. The engine then sends them as any pending recipient: the same
 * pacing, refusals, statuses and counters. Everything commits together, or nothing does.
 */
export async function releaseWinner(tx: Ctx, promotionId: string): Promise<WinnerDecision | null> {
  const [p] = await tx.db
    .select()
    .from(promotions)
    .where(and(eq(promotions.id, promotionId), isNotNull(promotions.abWinnerHours), DUE))
    .for("update", { skipLocked: true });
  const winner = p?.abTest?.winner;
  if (!p || !p.abTest || !winner || !p.startTime) return null;
  const counts = await armCounts(tx, { id: p.id, businessId: p.businessId });
  const picked = pickWinner(p.abTest.variants, winner.metric, counts);
  const [released] = await rawQuery<{ n: number }>(
    tx.db,
    `WITH r AS (
       UPDATE promotion_recipients SET state = 'pending', updated_at = now()
       WHERE promotion_id = $1 AND business_id = $2 AND state = 'held' RETURNING 1)
     SELECT count(*)::int AS n FROM r`,
    [p.id, p.businessId],
  );
  const decision: WinnerDecision = { ...picked, decidedAt: new Date().toISOString(), released: released!.n };
  // The row is held FOR UPDATE: the test as read, with its decision.
  await tx.db
    .update(promotions)
    .set({
      abTest: { ...p.abTest, winner: { ...winner, decision } },
      abWinnerHours: null,
      nextRunAt: sql`now()`,
      roundDrainedAt: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(promotions.id, p.id), eq(promotions.businessId, p.businessId)));
  log.info(
    { promotionId: p.id, winner: decision.name, reason: decision.reason },
    "A/B winner sent to the rest",
  );
  return decision;
}
