import { createRoute } from "@hono/zod-openapi";
import { sendRcsTemplateInput, sendRcsTextInput } from "@/lib/messages/schemas";
import { apiKeyAuth } from "../auth";
import { tenantIdParam } from "../schemas";
import { a1Route, idempotencyHeaders, sendResponses } from "../send-contract";
import { sendRcsRoute, sendTemplateRoute } from "../send-routes";
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
  app.openapi(a1, (c) => sendTemplateRoute(c, c.req.valid("json")));

  // POST /api/v3/message/{tenant_id}/template/rcs (A2)
  app.openapi(a2, (c) => {
    const body = c.req.valid("json");
    return sendRcsRoute(c, body, { ...body, toPath: "to" });
  });

  // POST /api/v3/message/{tenant_id}/rcs/text (A4; path chosen here, see docs/messaging.md)
  app.openapi(a4, (c) => {
    const body = c.req.valid("json");
    return sendRcsRoute(c, body, {
      to: body.phone,
      toPath: "phone",
      message: { messageType: "text", text: body.text },
      messageRef: body.messageRef,
    });
  });
}
