/**
 * One delivery with every attempt (Events: delivery log; docs/callbacks.md).
 * GET /api/v3/callbacks/{business_id}/deliveries/{delivery_id}
 */
import { createRoute } from "@hono/zod-openapi";
import { getDelivery } from "@/lib/callbacks/list-deliveries";
import type { ResponseOf } from "../operation";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, DeliveryDetail, deliveryParams, json, TAG } from "./schemas";

export const contract = createRoute({
  method: "get",
  path: `${BASE}/deliveries/{delivery_id}`,
  tags: [TAG],
  summary: "One delivery with every attempt",
  request: { params: deliveryParams },
  responses: { 200: json(DeliveryDetail, "The delivery"), ...errorResponses },
});

export type GetDeliveryResponse = ResponseOf<typeof contract>;

export const getDeliveryOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  return c.json(await getDelivery(ctx, businessId, c.req.valid("param").delivery_id), 200);
});
