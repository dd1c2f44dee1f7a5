/**
 * Provider webhook: events of a business's own Meta app (not in the spec).
 * POST /api/webhooks/whatsapp/{business_id}
 */
import { createRoute } from "@hono/zod-openapi";
import { webhookSecretOrDecoy } from "@/lib/channels/business-webhook-secret";
import { systemCtx } from "@/lib/context";
import { businessIdParam } from "../schemas";
import { defineOperation, type ResponseOf } from "../operation";
import { eventResponses, handleMetaEvents } from "./meta-webhook";

export const contract = createRoute({
  method: "post",
  path: "/api/webhooks/whatsapp/{business_id}",
  tags: ["Webhooks"],
  summary: "Meta webhook of the business's own app (X-Hub-Signature-256 with its app secret)",
  description:
    "Every event is scoped to the business in the path: statuses of another business's messages and its templates are ignored; customer messages are stored for this business.",
  security: [],
  request: { params: businessIdParam },
  responses: eventResponses,
});

export type WhatsappBusinessEventsResponse = ResponseOf<typeof contract>;

export const whatsappBusinessEventsOperation = defineOperation({
  auth: "provider",
  contract,
  handler: async (c) => {
    const { business_id } = c.req.valid("param");
    const raw = new Uint8Array(await c.req.arrayBuffer());
    const secret = await webhookSecretOrDecoy(systemCtx("meta-webhook"), {
      businessId: business_id,
      channel: "chatapp",
      key: "appSecret",
    });
    await handleMetaEvents(raw, c.req.header("x-hub-signature-256"), secret, {
      businessId: business_id,
    });
    return c.json({ ok: true }, 200);
  },
});
