/**
 * Send a delivery again (same webhook-id), with a fresh retry cycle (Events: replay; docs/callbacks.md).
 * POST /api/v3/callbacks/{business_id}/deliveries/{delivery_id}/replay
 */
import { createRoute } from "@hono/zod-openapi";
import { replayDelivery } from "@/lib/callbacks/replay-delivery";
import type { ResponseOf } from "../operation";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, DeliveryDetail, deliveryParams, json, TAG } from "./schemas";

export const contract = createRoute({
  method: "post",
  path: `${BASE}/deliveries/{delivery_id}/replay`,
  tags: [TAG],
  summary: "Send a delivery again (same webhook-id), with a fresh retry cycle",
  request: { params: deliveryParams },
  responses: { 200: json(DeliveryDetail, "The delivery after the new attempt"), ...errorResponses },
});

export type ReplayDeliveryResponse = ResponseOf<typeof contract>;

export const replayDeliveryOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  return c.json(await replayDelivery(ctx, businessId, c.req.valid("param").delivery_id), 200);
});
