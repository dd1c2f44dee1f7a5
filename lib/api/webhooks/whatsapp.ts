import { createRoute, z } from "@hono/zod-openapi";
import { whatsappAppSecret, whatsappVerifyToken } from "@/lib/channels/whatsapp-cloud/config";
import {
  metaWebhookHandler,
  verifyMetaSignature,
  type MetaWebhookBody,
} from "@/lib/channels/whatsapp-cloud/webhook";
import { AppError, invalid, unauthorized } from "@/lib/errors";
import "@/lib/templates/meta-template-status-handler";
import "@/lib/channels/whatsapp-cloud/message-status-handler";
import { errorResponses } from "../schemas";
import type { ApiApp } from "../types";

const verifyRoute = createRoute({
  method: "get",
  path: "/api/webhooks/whatsapp",
  tags: ["Webhooks"],
  summary: "Meta webhook verification (hub.challenge)",
  security: [],
  request: {
    query: z.object({
      "hub.mode": z.string().optional(),
      "hub.verify_token": z.string().optional(),
      "hub.challenge": z.string().optional(),
    }),
  },
  responses: {
    200: { description: "The challenge, echoed", content: { "text/plain": { schema: z.string() } } },
    403: errorResponses[401],
  },
});

const eventRoute = createRoute({
  method: "post",
  path: "/api/webhooks/whatsapp",
  tags: ["Webhooks"],
  summary: "Meta WhatsApp Business Account webhook (signed with X-Hub-Signature-256)",
  security: [],
  responses: {
    200: {
      description: "Accepted",
      content: { "application/json": { schema: z.object({ ok: z.boolean() }) } },
    },
    ...errorResponses,
  },
});

export function registerWhatsAppWebhookRoutes(app: ApiApp): void {
  // GET /api/webhooks/whatsapp (Meta's subscription check; not in the spec)
  app.openapi(verifyRoute, (c) => {
    const q = c.req.valid("query");
    const token = whatsappVerifyToken();
    if (q["hub.mode"] !== "subscribe" || !token || q["hub.verify_token"] !== token) {
      throw new AppError("forbidden", "Verification token mismatch");
    }
    return c.text(q["hub.challenge"] ?? "", 200);
  });

  // POST /api/webhooks/whatsapp (Meta's events; not in the spec)
  app.openapi(eventRoute, async (c) => {
    const secret = whatsappAppSecret();
    const raw = await c.req.text();
    if (!secret) throw unauthorized("WHATSAPP_APP_SECRET is not configured; webhooks are refused");
    if (!verifyMetaSignature(raw, c.req.header("x-hub-signature-256"), secret)) {
      throw unauthorized("Invalid X-Hub-Signature-256");
    }
    let body: MetaWebhookBody;
    try {
      body = JSON.parse(raw) as MetaWebhookBody;
    } catch {
      throw invalid("Malformed JSON in request body");
    }
    for (const entry of body.entry ?? []) {
      for (const change of entry.changes ?? []) {
        await metaWebhookHandler(change.field)?.(change, entry);
      }
    }
    return c.json({ ok: true }, 200);
  });
}
