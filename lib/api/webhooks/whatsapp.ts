import { timingSafeEqual } from "node:crypto";
import { createRoute, z } from "@hono/zod-openapi";
import { decoySecret, webhookSecretOrDecoy } from "@/lib/channels/business-webhook-secret";
import { whatsappAppSecret, whatsappVerifyToken } from "@/lib/channels/whatsapp-cloud/config";
import {
  metaWebhookHandlers,
  verifyMetaSignature,
  type MetaWebhookBody,
  type MetaWebhookScope,
} from "@/lib/channels/whatsapp-cloud/webhook";
import { systemCtx } from "@/lib/context";
import { AppError, invalid, unauthorized } from "@/lib/errors";
import { log } from "@/lib/log";
import "@/lib/templates/meta-template-status-handler";
import "@/lib/channels/whatsapp-cloud/message-status-handler";
import "@/lib/inbound/meta-inbound-handler";
import "@/lib/promotions/engine/category-update-handler";
import { businessIdParam, errorResponses } from "../schemas";
import type { ApiApp } from "../types";

const hubQuery = z.object({
  "hub.mode": z.string().optional(),
  "hub.verify_token": z.string().optional(),
  "hub.challenge": z.string().optional(),
});
const verifyResponses = {
  200: { description: "The challenge, echoed", content: { "text/plain": { schema: z.string() } } },
  403: {
    ...errorResponses[401],
    description:
      "Verification token mismatch (also for an unknown business or an unset token: the log says which)",
  },
};
const eventResponses = {
  200: {
    description: "Accepted",
    content: { "application/json": { schema: z.object({ ok: z.boolean() }) } },
  },
  ...errorResponses,
};

const verifyRoute = createRoute({
  method: "get",
  path: "/api/webhooks/whatsapp",
  tags: ["Webhooks"],
  summary: "Meta webhook verification (hub.challenge), process-wide app (WHATSAPP_VERIFY_TOKEN)",
  security: [],
  request: { query: hubQuery },
  responses: verifyResponses,
});

const eventRoute = createRoute({
  method: "post",
  path: "/api/webhooks/whatsapp",
  tags: ["Webhooks"],
  summary: "Meta WhatsApp Business Account webhook, process-wide app (WHATSAPP_APP_SECRET)",
  security: [],
  responses: eventResponses,
});

const businessVerifyRoute = createRoute({
  method: "get",
  path: "/api/webhooks/whatsapp/{business_id}",
  tags: ["Webhooks"],
  summary: "Meta webhook verification (hub.challenge) with the business's own verify token",
  security: [],
  request: { params: businessIdParam, query: hubQuery },
  responses: verifyResponses,
});

const businessEventRoute = createRoute({
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

export function registerWhatsAppWebhookRoutes(app: ApiApp): void {
  // GET /api/webhooks/whatsapp (Meta's subscription check; not in the spec)
  app.openapi(verifyRoute, (c) => {
    const challenge = hubChallenge(
      c.req.valid("query"),
      whatsappVerifyToken() ?? unconfigured("WHATSAPP_VERIFY_TOKEN"),
    );
    return c.text(challenge, 200);
  });

  // POST /api/webhooks/whatsapp (Meta's events; not in the spec)
  app.openapi(eventRoute, async (c) => {
    const secret = whatsappAppSecret() ?? unconfigured("WHATSAPP_APP_SECRET");
    const raw = await c.req.text();
    await handleMetaEvents(raw, c.req.header("x-hub-signature-256"), secret, {});
    return c.json({ ok: true }, 200);
  });

  // GET /api/webhooks/whatsapp/{business_id} (Meta's subscription check of a business's app)
  app.openapi(businessVerifyRoute, async (c) => {
    const { business_id } = c.req.valid("param");
    const token = await webhookSecretOrDecoy(systemCtx("meta-webhook"), {
      businessId: business_id,
      channel: "chatapp",
      key: "verifyToken",
    });
    return c.text(hubChallenge(c.req.valid("query"), token), 200);
  });

  // POST /api/webhooks/whatsapp/{business_id} (events of a business's own Meta app)
  app.openapi(businessEventRoute, async (c) => {
    const { business_id } = c.req.valid("param");
    const raw = await c.req.text();
    const secret = await webhookSecretOrDecoy(systemCtx("meta-webhook"), {
      businessId: business_id,
      channel: "chatapp",
      key: "appSecret",
    });
    await handleMetaEvents(raw, c.req.header("x-hub-signature-256"), secret, {
      businessId: business_id,
    });
    return c.json({ ok: true }, 200);
  });
}

/** An unset process-wide secret refuses like a wrong one; only the log says why. */
function unconfigured(name: string): string {
  log.warn({ setting: name }, "provider webhook refused: setting not configured");
  return decoySecret();
}

/** The challenge to echo, when the mode is subscribe and the token is the expected one. */
function hubChallenge(q: z.infer<typeof hubQuery>, expected: string): string {
  const given = Buffer.from(q["hub.verify_token"] ?? "");
  const want = Buffer.from(expected);
  const matches = want.length > 0 && given.length === want.length && timingSafeEqual(given, want);
  if (q["hub.mode"] !== "subscribe" || !matches) {
    throw new AppError("forbidden", "Verification token mismatch");
  }
  return q["hub.challenge"] ?? "";
}

/** Checks the signature over the raw body, then dispatches each change to its field's handlers. */
async function handleMetaEvents(
  raw: string,
  signature: string | undefined,
  secret: string,
  scope: MetaWebhookScope,
): Promise<void> {
  if (!verifyMetaSignature(raw, signature, secret)) throw unauthorized("Invalid X-Hub-Signature-256");
  let body: MetaWebhookBody;
  try {
    body = JSON.parse(raw) as MetaWebhookBody;
  } catch {
    throw invalid("Malformed JSON in request body");
  }
  for (const entry of body.entry ?? []) {
    for (const change of entry.changes ?? []) {
      for (const handler of metaWebhookHandlers(change.field)) await handler(change, entry, scope);
    }
  }
}
