/** A subscriber's tags, attributes and activity. GET /api/v3/audiences/{business_id}/subscribers/{phone} */
import { createRoute } from "@hono/zod-openapi";
import { subscriberActivity } from "@/lib/audiences/subscriber-activity";
import { getSubscriberAudience } from "@/lib/audiences/subscriber-audience";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, json, subscriberParams, SubscriberWithActivity, TAG } from "./schemas";

export const contract = createRoute({
  method: "get",
  path: `${BASE}/subscribers/{phone}`,
  tags: [TAG],
  summary: "A subscriber's tags, custom attributes and activity",
  request: { params: subscriberParams },
  responses: {
    200: json(SubscriberWithActivity, "The subscriber's tags, attributes and activity"),
    ...errorResponses,
  },
});

export const getSubscriberOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  const audience = await getSubscriberAudience(ctx, businessId, c.req.valid("param").phone);
  return c.json({ ...audience, activity: await subscriberActivity(ctx, businessId, audience.phone) }, 200);
});
