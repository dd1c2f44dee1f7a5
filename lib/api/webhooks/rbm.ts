import { createRoute, z } from "@hono/zod-openapi";
import { decoySecret, webhookSecretOrDecoy } from "@/lib/channels/business-webhook-secret";
import { applyRbmEvents } from "@/lib/channels/google-rbm/apply-rbm-events";
import { rbmClientToken } from "@/lib/channels/google-rbm/config";
import { handleRbmWebhook } from "@/lib/channels/google-rbm/webhook";
import { systemCtx } from "@/lib/context";
import { log } from "@/lib/log";
import { businessIdParam, errorResponses } from "../schemas";
import type { ApiApp } from "../types";

const responses = {
  200: {
    description: "Accepted; for the verification POST, the secret echoed as plain text",
    content: {
      "application/json": { schema: z.object({ ok: z.boolean() }) },
      "text/plain": { schema: z.string() },
    },
  },
  ...errorResponses,
};

const route = createRoute({
  method: "post",
  path: "/api/webhooks/rbm",
  tags: ["Webhooks"],
  summary: "Google RBM partner webhook, process-wide (RBM_CLIENT_TOKEN): verification and user events",
  security: [],
  responses,
});

const businessRoute = createRoute({
  method: "post",
  path: "/api/webhooks/rbm/{business_id}",
  tags: ["Webhooks"],
  summary: "Google RBM webhook of one business (X-Goog-Signature with the rcs channel's clientToken)",
  description:
    "Every event is scoped to the business in the path: statuses of another business's messages are ignored; user messages are stored for this business.",
  security: [],
  request: { params: businessIdParam },
  responses,
});

export function registerRbmWebhookRoutes(app: ApiApp): void {
  // POST /api/webhooks/rbm (RBM's events; not in the spec)
  app.openapi(route, async (c) => {
    let token = rbmClientToken();
    if (!token) {
      // Refused like a wrong token; only the log says why.
      log.warn({ setting: "RBM_CLIENT_TOKEN" }, "provider webhook refused: setting not configured");
      token = decoySecret();
    }
    const result = handleRbmWebhook(await c.req.text(), c.req.header("x-goog-signature"), token);
    if (result.kind === "verification") return c.text(result.secret, 200);
    await applyRbmEvents(systemCtx("rbm-webhook"), result, {});
    return c.json({ ok: true }, 200);
  });

  // POST /api/webhooks/rbm/{business_id} (events of one business's agent; not in the spec)
  app.openapi(businessRoute, async (c) => {
    const { business_id } = c.req.valid("param");
    const raw = await c.req.text();
    const token = await webhookSecretOrDecoy(systemCtx("rbm-webhook"), {
      businessId: business_id,
      channel: "rcs",
      key: "clientToken",
    });
    const result = handleRbmWebhook(raw, c.req.header("x-goog-signature"), token);
    if (result.kind === "verification") return c.text(result.secret, 200);
    await applyRbmEvents(systemCtx("rbm-webhook"), result, { businessId: business_id });
    return c.json({ ok: true }, 200);
  });
}
