/** A number's consent history and state. GET /api/v3/audiences/{business_id}/consent/{phone} */
import { createRoute } from "@hono/zod-openapi";
import { consentHistory } from "@/lib/audiences/consent/consent-history";
import { consentPhone } from "@/lib/audiences/consent/consent-phone";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { ConsentHistory } from "./consent-schemas";
import { BASE, json, subscriberParams, TAG } from "./schemas";

export const contract = createRoute({
  method: "get",
  path: `${BASE}/consent/{phone}`,
  tags: [TAG],
  summary: "A number's consent history (newest first) and its current state per kind",
  request: { params: subscriberParams },
  responses: { 200: json(ConsentHistory, "History and state"), ...errorResponses },
});

export const getConsentOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  const phone = await consentPhone(ctx, businessId, c.req.valid("param").phone);
  return c.json(await consentHistory(ctx, businessId, phone), 200);
});
