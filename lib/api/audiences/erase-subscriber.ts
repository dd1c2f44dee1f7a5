/** Erase a subscriber (profile and consent events, leaving a tombstone). POST /api/v3/audiences/{business_id}/subscribers/{phone}/erase */
import { createRoute } from "@hono/zod-openapi";
import { eraseSubscriber } from "@/lib/audiences/consent/erase-subscriber";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { Erasure } from "./consent-schemas";
import { BASE, json, subscriberParams, TAG } from "./schemas";

export const contract = createRoute({
  method: "post",
  path: `${BASE}/subscribers/{phone}/erase`,
  tags: [TAG],
  summary: "Erase a subscriber: its profile, tags, attributes and consent events, leaving a tombstone",
  description:
    "The one way consent events are ever deleted. A tombstone event (source erasure, who erased, when, " +
    "no wording) stays; the opt-out list keeps the number so it is never marketed to by accident. 404 " +
    "when the business has neither a profile nor consent events for the number.",
  request: { params: subscriberParams },
  responses: { 200: json(Erasure, "What was erased"), ...errorResponses },
});

export const eraseSubscriberOperation = withBusiness({ contract }, async (c, { ctx, businessId }) =>
  c.json(await eraseSubscriber(ctx, businessId, c.req.valid("param").phone), 200),
);
