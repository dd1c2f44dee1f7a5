import { createRoute, z } from "@hono/zod-openapi";
import { decoySecret, webhookSecretOrDecoy } from "@/lib/channels/business-webhook-secret";
import { findChannelBusiness } from "@/lib/channels/find-channel-business";
import { rbmClientToken } from "@/lib/channels/google-rbm/config";
import { handleRbmWebhook } from "@/lib/channels/google-rbm/webhook";
import { emitStatusEvents } from "@/lib/channels/status-sink";
import { systemCtx } from "@/lib/context";
import { recordInboundMessages } from "@/lib/inbound/record-inbound-messages";
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
    const needsBusiness = result.events.length > 0 || result.inbound !== undefined;
    const businessId =
      needsBusiness && result.agentId
        ? await findChannelBusiness(systemCtx("rbm-webhook"), {
            channel: "rcs",
            provider: "google-rbm",
            agentId: result.agentId,
          })
        : undefined;
    await applyRbmEvents(result, businessId);
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
    await applyRbmEvents(result, business_id);
    return c.json({ ok: true }, 200);
  });
}

/**
 * Statuses go to the status sink (scoped to `businessId` when known); a user message is
 * stored for `businessId`, or dropped (logged) when no business owns the agent.
 */
async function applyRbmEvents(
  result: Extract<ReturnType<typeof handleRbmWebhook>, { kind: "events" }>,
  businessId: string | undefined,
): Promise<void> {
  await emitStatusEvents({ provider: "google-rbm", businessId }, result.events);
  if (!result.inbound) return;
  if (!businessId) {
    log.warn({ agentId: result.agentId }, "RBM user message for an unknown agent dropped");
    return;
  }
  await recordInboundMessages(systemCtx("rbm-webhook"), {
    businessId,
    channel: "rcs",
    provider: "google-rbm",
    messages: [result.inbound],
  });
}
