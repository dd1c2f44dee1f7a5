/**
 * Provider webhook: Google RBM's partner webhook, process-wide (RBM_CLIENT_TOKEN): the
 * verification and user events (not in the spec).
 * POST /api/webhooks/rbm
 */
import { createRoute } from "@hono/zod-openapi";
import { decoySecret } from "@/lib/channels/business-webhook-secret";
import { rbmClientToken } from "@/lib/channels/google-rbm/config";
import { handleRbmWebhook } from "@/lib/channels/google-rbm/webhook";
import { log } from "@/lib/log";
import { defineOperation, type ResponseOf } from "../operation";
import { rbmResponses } from "./rbm-schemas";
import { applyRbmEvents } from "./rbm-handlers";

export const contract = createRoute({
  method: "post",
  path: "/api/webhooks/rbm",
  tags: ["Webhooks"],
  summary: "Google RBM partner webhook, process-wide (RBM_CLIENT_TOKEN): verification and user events",
  security: [],
  responses: rbmResponses,
});

export type RbmEventsResponse = ResponseOf<typeof contract>;

export const rbmEventsOperation = defineOperation({
  auth: "provider",
  contract,
  handler: async (c) => {
    let token = rbmClientToken();
    if (!token) {
      // Refused like a wrong token; only the log says why.
      log.warn({ setting: "RBM_CLIENT_TOKEN" }, "provider webhook refused: setting not configured");
      token = decoySecret();
    }
    const result = handleRbmWebhook(await c.req.text(), c.req.header("x-goog-signature"), token);
    if (result.kind === "verification") return c.text(result.secret, 200);
    await applyRbmEvents(result, {});
    return c.json({ ok: true }, 200);
  },
});
