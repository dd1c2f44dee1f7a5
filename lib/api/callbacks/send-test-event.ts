/**
 * Send a test event now; answers with the delivery and its first attempt (Events: test event; docs/callbacks.md).
 * POST /api/v3/callbacks/{business_id}/endpoints/{endpoint_id}/test
 */
import { createRoute } from "@hono/zod-openapi";
import { sendTestEvent } from "@/lib/callbacks/send-test-event";
import type { ResponseOf } from "../operation";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, DeliveryDetail, endpointParams, json, TAG } from "./schemas";

export const contract = createRoute({
  method: "post",
  path: `${BASE}/endpoints/{endpoint_id}/test`,
  tags: [TAG],
  summary: "Send a test event now; answers with the delivery and its first attempt",
  request: { params: endpointParams },
  responses: { 200: json(DeliveryDetail, "The test delivery"), ...errorResponses },
});

export type SendTestEventResponse = ResponseOf<typeof contract>;

export const sendTestEventOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  return c.json(await sendTestEvent(ctx, businessId, c.req.valid("param").endpoint_id), 200);
});
