import { callbackDeliveries } from "@/db/schema";
import { inTransaction, type Ctx } from "../context";
import { uuidv7 } from "../ids";
import { enqueueDeliveryJobs, inlineAttemptBackstopSeconds } from "./deliver-job";
import { loadEndpoint } from "./endpoint-view";
import { getDelivery } from "./list-deliveries";
import { processDeliveries } from "./process-deliveries";
import type { TestPayload } from "./schemas";

/**
 * Sends a `test` event to one endpoint, whatever event types it subscribes to (a disabled
 * endpoint gets nothing: the delivery fails with "endpoint disabled"). The first attempt is made
 * before this returns, so call it outside a transaction; retries follow the normal schedule.
 */
export async function sendTestEvent(
  ctx: Ctx,
  businessId: string,
  endpointId: string,
): ReturnType<typeof getDelivery> {
  const endpoint = await loadEndpoint(ctx, businessId, endpointId);
  const id = uuidv7();
  const payload: TestPayload = {
    type: "test",
    message: "Test event from Switchboard: your endpoint is reachable and can verify signatures.",
    endpointId: endpoint.id,
    sentAt: Math.floor(Date.now() / 1000),
  };
  await inTransaction(ctx, async (tx) => {
    await tx.db.insert(callbackDeliveries).values({
      id,
      businessId,
      endpointId: endpoint.id,
      eventType: "test",
      subjectId: endpoint.id,
      payload,
    });
    await enqueueDeliveryJobs(tx.db, businessId, [id], inlineAttemptBackstopSeconds());
  });
  await processDeliveries({ businessId, ids: [id] });
  return getDelivery(ctx, businessId, id);
}
