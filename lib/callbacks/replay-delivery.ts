import { and, eq, sql } from "drizzle-orm";
import { callbackDeliveries } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { notFound } from "../errors";
import { enqueueDeliveryJobs, inlineAttemptBackstopSeconds } from "./deliver-job";
import { getDelivery } from "./list-deliveries";
import { processDeliveries } from "./process-deliveries";

/**
 * Sends a delivery again (any status) with the same `webhook-id` and body, starting a fresh
 * retry cycle; the attempts are added to its log. The first attempt is made before this
 * returns, so the dashboard shows its result at once; the job queued with it is the backstop.
 */
export async function replayDelivery(
  ctx: Ctx,
  businessId: string,
  id: string,
): ReturnType<typeof getDelivery> {
  await inTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .update(callbackDeliveries)
      .set({
        status: "pending",
        step: 0,
        nextAttemptAt: sql`now()`,
        lockedUntil: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(callbackDeliveries.businessId, businessId), eq(callbackDeliveries.id, id)))
      .returning({ id: callbackDeliveries.id });
    if (!row) throw notFound("Callback delivery");
    await enqueueDeliveryJobs(tx.db, businessId, [id], inlineAttemptBackstopSeconds());
    await recordAudit(tx, {
      businessId,
      action: "callback_delivery.replay",
      targetType: "callback_delivery",
      targetId: id,
    });
  });
  await processDeliveries({ businessId, ids: [id] });
  return getDelivery(ctx, businessId, id);
}
