import { createRoute } from "@hono/zod-openapi";
import { sendRcsMessage } from "@/lib/messages/send/send-rcs-message";
import { sendTemplateMessage } from "@/lib/messages/send/send-template-message";
import { sendRcsTemplateInput, sendRcsTextInput } from "@/lib/messages/schemas";
import { apiKeyAuth } from "../auth";
import { idempotentSend } from "../idempotent-send";
import { keyCtx } from "../key-ctx";
import { tenantIdParam } from "../schemas";
import { a1Route, idempotencyHeaders, sendResponses } from "../send-contract";
import type { ApiApp } from "../types";

const a1 = a1Route("/api/v3/message/{business_id}/template", "Send a chatapp template message (A1)");

const a2 = createRoute({
  method: "post",
  path: "/api/v3/message/{tenant_id}/template/rcs",
  tags: ["Messages"],
  summary: "Send an RCS template message (A2)",
  description:
    "A template by name (`messageType: template`, body parameters fill the card's {{n}}, a header media parameter replaces its image), or any of the A5 forms (`messageType: rcs_message`). `to` with or without '+'. Answers `messageId` and `transactionId`.",
  middleware: [apiKeyAuth] as const,
  request: {
    params: tenantIdParam,
    headers: idempotencyHeaders,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: sendRcsTemplateInput,
          example: {
            message: {
              messageType: "template",
              name: "summer_sale",
              language: "en",
              components: [{ componentType: "body", parameters: [{ type: "text", text: "Asha" }] }],
            },
            to: "919876543210",
          },
        },
      },
    },
  },
  responses: sendResponses,
});

const a4 = createRoute({
  method: "post",
  path: "/api/v3/message/{tenant_id}/rcs/text",
  tags: ["Messages"],
  summary: "Send an RCS freeform text (A4)",
  description:
    "The spec gives no path for A4; this one sits beside A2 (`/api/v3/message/{tenant_id}/template/rcs`). `phone` with or without '+'.",
  middleware: [apiKeyAuth] as const,
  request: {
    params: tenantIdParam,
    headers: idempotencyHeaders,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: sendRcsTextInput,
          example: { phone: "+919876543210", text: "Your table is ready." },
        },
      },
    },
  },
  responses: sendResponses,
});

export function registerMessageRoutes(app: ApiApp): void {
  // POST /api/v3/message/{business_id}/template (A1)
  app.openapi(a1, async (c) => {
    const body = c.req.valid("json");
    return await idempotentSend(c, body, (idem) =>
      sendTemplateMessage(keyCtx(c), c.get("auth").businessId, body, {
        idempotency: idem,
        groupCommit: true,
      }),
    );
  });

  // POST /api/v3/message/{tenant_id}/template/rcs (A2)
  app.openapi(a2, async (c) => {
    const body = c.req.valid("json");
    return await idempotentSend(c, body, (idem) =>
      sendRcsMessage(
        keyCtx(c),
        c.get("auth").businessId,
        { ...body, toPath: "to" },
        { idempotency: idem, groupCommit: true },
      ),
    );
  });

  // POST /api/v3/message/{tenant_id}/rcs/text (A4; path chosen here, see docs/messaging.md)
  app.openapi(a4, async (c) => {
    const body = c.req.valid("json");
    return await idempotentSend(c, body, (idem) =>
      sendRcsMessage(
        keyCtx(c),
        c.get("auth").businessId,
        {
          to: body.phone,
          toPath: "phone",
          message: { messageType: "text", text: body.text },
          messageRef: body.messageRef,
        },
        { idempotency: idem, groupCommit: true },
      ),
    );
  });
}
