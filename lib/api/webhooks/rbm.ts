import { createRoute, z } from "@hono/zod-openapi";
import { systemCtx } from "@/lib/context";
import { unauthorized } from "@/lib/errors";
import { findChannelBusiness } from "@/lib/channels/find-channel-business";
import { rbmClientToken } from "@/lib/channels/google-rbm/config";
import { handleRbmWebhook } from "@/lib/channels/google-rbm/webhook";
import { emitStatusEvents } from "@/lib/channels/status-sink";
import { errorResponses } from "../schemas";
import type { ApiApp } from "../types";

const route = createRoute({
  method: "post",
  path: "/api/webhooks/rbm",
  tags: ["Webhooks"],
  summary: "Google RBM partner webhook: verification and user events (signed with X-Goog-Signature)",
  security: [],
  responses: {
    200: {
      description: "Accepted; for the verification POST, the secret echoed as plain text",
      content: {
        "application/json": { schema: z.object({ ok: z.boolean() }) },
        "text/plain": { schema: z.string() },
      },
    },
    ...errorResponses,
  },
});

export function registerRbmWebhookRoutes(app: ApiApp): void {
  // POST /api/webhooks/rbm (RBM's events; not in the spec)
  app.openapi(route, async (c) => {
    const token = rbmClientToken();
    if (!token) throw unauthorized("RBM_CLIENT_TOKEN is not configured; webhooks are refused");
    const result = handleRbmWebhook(await c.req.text(), c.req.header("x-goog-signature"), token);
    if (result.kind === "verification") return c.text(result.secret, 200);
    if (result.events.length > 0) {
      const businessId = result.agentId
        ? await findChannelBusiness(systemCtx("rbm-webhook"), {
            channel: "rcs",
            provider: "google-rbm",
            agentId: result.agentId,
          })
        : undefined;
      await emitStatusEvents({ provider: "google-rbm", businessId }, result.events);
    }
    return c.json({ ok: true }, 200);
  });
}
