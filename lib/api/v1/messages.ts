import { createRoute, z } from "@hono/zod-openapi";
import { sendRcsV1Input } from "@/lib/messages/schemas";
import { apiKeyAuth } from "../auth";
import { businessIdParam } from "../schemas";
import { a1Route, idempotencyHeaders, sendResponses } from "../send-contract";
import { sendRcsRoute, sendTemplateRoute } from "../send-routes";
import type { ApiApp } from "../types";

const a1Legacy = a1Route(
  "/api/v1/message/{business_id}/template",
  "Send a chatapp template message (A1, legacy v1 path)",
);

const a5 = createRoute({
  method: "post",
  path: "/api/v1/message/{business_id}/template/rcs",
  tags: ["Messages"],
  summary: "Send an RCS message, v1 forms (A5)",
  description:
    "Four forms of `message` (`messageType: rcs_message`): `templateId` with `components` (BODY `variables`, HEADER `media.mediaUrl`) and rcsMessageType RICHCARD_STANDALONE; `templateId` only; `text` with rcsMessageType TEXT; `richCard` with RICHCARD_STANDALONE. `to` with '+' and the country code. Every form answers `transactionId` and `messageId`.",
  middleware: [apiKeyAuth] as const,
  request: {
    params: businessIdParam,
    query: z.object({
      channel: z.literal("rcs", { error: "channel must be rcs" }).openapi({ example: "rcs" }),
    }),
    headers: idempotencyHeaders,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: sendRcsV1Input,
          example: {
            message: {
              messageType: "rcs_message",
              rcsMessageType: "RICHCARD_STANDALONE",
              templateId: "0193b6f2-8c1a-7cde-9f00-1234567890ab",
              components: [{ type: "BODY", variables: [{ type: "text", value: "Asha" }] }],
            },
            to: "+919876543210",
          },
        },
      },
    },
  },
  responses: sendResponses,
});

export function registerV1MessageRoutes(app: ApiApp): void {
  // POST /api/v1/message/{business_id}/template (A1, legacy path)
  app.openapi(a1Legacy, (c) => sendTemplateRoute(c, c.req.valid("json")));

  // POST /api/v1/message/{business_id}/template/rcs?channel=rcs (A5)
  app.openapi(a5, (c) => {
    const body = c.req.valid("json");
    return sendRcsRoute(c, body, { ...body, toPath: "to" });
  });
}
