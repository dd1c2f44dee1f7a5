/**
 * Provider webhook: Meta's subscription check of a business's own app (not in the spec).
 * GET /api/webhooks/whatsapp/{business_id}
 */
import { createRoute } from "@hono/zod-openapi";
import { webhookSecretOrDecoy } from "@/lib/channels/business-webhook-secret";
import { systemCtx } from "@/lib/context";
import { businessIdParam } from "../schemas";
import { defineOperation } from "../operation";
import { hubChallenge, hubQuery, verifyResponses } from "./meta-webhook";

export const contract = createRoute({
  method: "get",
  path: "/api/webhooks/whatsapp/{business_id}",
  tags: ["Webhooks"],
  summary: "Meta webhook verification (hub.challenge) with the business's own verify token",
  security: [],
  request: { params: businessIdParam, query: hubQuery },
  responses: verifyResponses,
});

export const whatsappBusinessVerifyOperation = defineOperation({
  auth: "provider",
  contract,
  handler: async (c) => {
    const { business_id } = c.req.valid("param");
    const token = await webhookSecretOrDecoy(systemCtx("meta-webhook"), {
      businessId: business_id,
      channel: "chatapp",
      key: "verifyToken",
    });
    return c.text(hubChallenge(c.req.valid("query"), token), 200);
  },
});
