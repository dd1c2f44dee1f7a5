import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { promotions } from "@/db/schema";
import { systemCtx } from "../../context";
import { db } from "../../db/pool";
import { transaction } from "../../db/sql";
import { log } from "../../log";
import { expirePromotions } from "./expire-promotions";
import { preparePromotions } from "./prepare-due-promotions";
import { stepPromotion } from "./step-promotion";

/** Promotions looked at per tick (each step is short; the rest wait for the next tick). */
const DUE_PER_TICK = 50;

/**
 * One scheduler tick (the worker runs it every PROMOTIONS_TICK_MS; the drain route once per
 * drain): expire what is past its end time, prepare a launch on a large list, then step each due promotion (Scheduled or
 * Active with next_run_at <= now) in its own transaction. The row is taken FOR UPDATE SKIP
 * LOCKED, so two workers never step the same promotion at once, and an E5 Stop waits for the
 * step in progress (at most PROMOTIONS_SEND_AHEAD_SECONDS of messages) and then wins.
 */
export async function runDuePromotions(): Promise<{ expired: number; prepared: number; stepped: number }> {
  const ctx = systemCtx("promotions");
  const expired = await expirePromotions(ctx);
  const prepared = await preparePromotions(ctx);
  const due = await db()
    .select({ id: promotions.id })
    .from(promotions)
    .where(and(inArray(promotions.status, ["Scheduled", "Active"]), lte(promotions.nextRunAt, sql`now()`)))
    .orderBy(promotions.nextRunAt)
    .limit(DUE_PER_TICK);
  let stepped = 0;
  for (const { id } of due) {
    try {
      const did = await transaction(db(), async (tx) => {
        const [p] = await tx
          .select()
          .from(promotions)
          .where(
            and(
              eq(promotions.id, id),
              inArray(promotions.status, ["Scheduled", "Active"]),
              lte(promotions.nextRunAt, sql`now()`),
            ),
          )
          .for("update", { skipLocked: true });
        if (!p) return false;
        await stepPromotion({ ...ctx, db: tx }, p);
        return true;
      });
      if (did) stepped++;
    } catch (err) {
      // One promotion's failure must not hold up the others; it is retried on the next tick.
      log.error({ err, promotionId: id }, "promotion step failed");
    }
  }
  return { expired: expired.length, prepared, stepped };
}
