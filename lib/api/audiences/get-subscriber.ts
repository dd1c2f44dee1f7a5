/** A subscriber's tags and attributes. GET /api/v3/audiences/{business_id}/subscribers/{phone} */
import { createRoute } from "@hono/zod-openapi";
import { getSubscriberAudience } from "@/lib/audiences/subscriber-audience";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, json, SubscriberAudience, subscriberParams, TAG } from "./schemas";

export const contract = createRoute({
  method: "get",
  path: `${BASE}/subscribers/{phone}`,
  tags: [TAG],
  summary: "A subscriber's tags and custom attributes",
  request: { params: subscriberParams },
  responses: { 200: json(SubscriberAudience, "The subscriber's tags and attributes"), ...errorResponses },
});

export const getSubscriber = withBusiness({ contract }, async (c, { ctx, businessId }) =>
  c.json(await getSubscriberAudience(ctx, businessId, c.req.valid("param").phone), 200),
);
