/**
 * Provider webhook: Meta's subscription check, process-wide app (not in the spec).
 * GET /api/webhooks/whatsapp
 */
import { createRoute } from "@hono/zod-openapi";
import { whatsappVerifyToken } from "@/lib/channels/whatsapp-cloud/config";
import { defineOperation } from "../operation";
import { hubChallenge, hubQuery, unconfigured, verifyResponses } from "./meta-webhook";

export const contract = createRoute({
  method: "get",
  path: "/api/webhooks/whatsapp",
  tags: ["Webhooks"],
  summary: "Meta webhook verification (hub.challenge), process-wide app (WHATSAPP_VERIFY_TOKEN)",
  security: [],
  request: { query: hubQuery },
  responses: verifyResponses,
});

export const whatsappVerifyOperation = defineOperation({
  auth: "provider",
  contract,
  handler: (c) => {
    const challenge = hubChallenge(
      c.req.valid("query"),
      whatsappVerifyToken() ?? unconfigured("WHATSAPP_VERIFY_TOKEN"),
    );
    return c.text(challenge, 200);
  },
});
