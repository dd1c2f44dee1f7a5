/**
 * Provider webhook: Meta's events, process-wide app (not in the spec).
 * POST /api/webhooks/whatsapp
 */
import { createRoute } from "@hono/zod-openapi";
import { whatsappAppSecret } from "@/lib/channels/whatsapp-cloud/config";
import { defineOperation, type ResponseOf } from "../operation";
import { eventResponses, handleMetaEvents, unconfigured } from "./meta-webhook";

export const contract = createRoute({
  method: "post",
  path: "/api/webhooks/whatsapp",
  tags: ["Webhooks"],
  summary: "Meta WhatsApp Business Account webhook, process-wide app (WHATSAPP_APP_SECRET)",
  security: [],
  responses: eventResponses,
});

export type WhatsappEventsResponse = ResponseOf<typeof contract>;

export const whatsappEventsOperation = defineOperation({
  auth: "provider",
  contract,
  handler: async (c) => {
    const secret = whatsappAppSecret() ?? unconfigured("WHATSAPP_APP_SECRET");
    const raw = new Uint8Array(await c.req.arrayBuffer());
    await handleMetaEvents(raw, c.req.header("x-hub-signature-256"), secret, {});
    return c.json({ ok: true }, 200);
  },
});
