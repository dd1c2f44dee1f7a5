/** Merge a subscriber's attribute values. PATCH /api/v3/audiences/{business_id}/subscribers/{phone}/attributes */
import { createRoute, z } from "@hono/zod-openapi";
import { setSubscriberAttributes } from "@/lib/audiences/subscriber-audience";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, body, json, SubscriberAudience, subscriberParams, TAG } from "./schemas";

const SetAttributes = z.object({
  attributes: z.record(z.string(), z.unknown()).openapi({
    description: "Values by key, merged into the stored ones; null removes a value, a blank string keeps it",
  }),
});

export const contract = createRoute({
  method: "patch",
  path: `${BASE}/subscribers/{phone}/attributes`,
  tags: [TAG],
  summary: "Set a subscriber's attribute values (merged; null removes; each checked by its type)",
  request: {
    params: subscriberParams,
    body: body(SetAttributes, {
      example: { attributes: { plan: "Gold", renewal: "2027-01-31", churned: null } },
    }),
  },
  responses: { 200: json(SubscriberAudience, "The subscriber after the change"), ...errorResponses },
});

export const setSubscriberAttributesOperation = withBusiness({ contract }, async (c, { ctx, businessId }) =>
  c.json(
    await setSubscriberAttributes(ctx, businessId, c.req.valid("param").phone, c.req.valid("json")),
    200,
  ),
);
