/**
 * Provider webhook: the events of one business's RBM agent (not in the spec).
 * POST /api/webhooks/rbm/{business_id}
 */
import { createRoute } from "@hono/zod-openapi";
import { webhookSecretOrDecoy } from "@/lib/channels/business-webhook-secret";
import { handleRbmWebhook } from "@/lib/channels/google-rbm/webhook";
import { systemCtx } from "@/lib/context";
import { defineOperation, type ResponseOf } from "../operation";
import { businessIdParam } from "../schemas";
import { rbmResponses } from "./rbm-schemas";
import { applyRbmEvents } from "./rbm-handlers";

export const contract = createRoute({
  method: "post",
  path: "/api/webhooks/rbm/{business_id}",
  tags: ["Webhooks"],
  summary: "Google RBM webhook of one business (X-Goog-Signature with the rcs channel's clientToken)",
  description:
    "Every event is scoped to the business in the path: statuses of another business's messages are ignored; user messages are stored for this business.",
  security: [],
  request: { params: businessIdParam },
  responses: rbmResponses,
});

export type RbmBusinessEventsResponse = ResponseOf<typeof contract>;

export const rbmBusinessEventsOperation = defineOperation({
  auth: "provider",
  contract,
  handler: async (c) => {
    const { business_id } = c.req.valid("param");
    const raw = await c.req.text();
    const token = await webhookSecretOrDecoy(systemCtx("rbm-webhook"), {
      businessId: business_id,
      channel: "rcs",
      key: "clientToken",
    });
    const result = handleRbmWebhook(raw, c.req.header("x-goog-signature"), token);
    if (result.kind === "verification") return c.text(result.secret, 200);
    await applyRbmEvents(result, { businessId: business_id });
    return c.json({ ok: true }, 200);
  },
});
