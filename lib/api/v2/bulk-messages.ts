import { createRoute, z } from "@hono/zod-openapi";
import { completeStatusJson, partialStatus } from "@/lib/messages/status/get-transaction-status";
import { sendBulkInput } from "@/lib/messages/schemas";
import { sendBulkMessages } from "@/lib/messages/send/send-bulk-messages";
import { apiKeyAuth } from "../auth";
import { idempotentSend } from "../idempotent-send";
import { jsonText } from "../json-text";
import { keyCtx } from "../key-ctx";
import { businessIdParam, errorResponses, idempotencyHeaders, sendResponsesOf } from "../schemas";
import type { ApiApp } from "../types";

const statusParams = businessIdParam.extend({
  transaction_id: z.string().openapi({
    param: { name: "transaction_id", in: "path" },
    example: "0193b6f2-8c1a-7cde-9f00-1234567890ab",
  }),
});

const b1 = createRoute({
  method: "post",
  path: "/api/v2/message/{business_id}/template",
  tags: ["Messages"],
  summary: "Bulk chatapp template message (B1)",
  description:
    "One template to up to 10,000 subscribers (MESSAGES_BULK_MAX) within the bulk body limit (API_BULK_BODY_LIMIT, 16 MiB by default). The message's text parameters are slots: each subscriber's `variables` fill them in order (header, body, then URL buttons, whose value is the URL suffix; for a CAROUSEL template the top body, then card by card in `card_index` order, each card's body then its URL suffixes); a subscriber without `variables` gets the texts as written. `subscriberId`: digits with the country code, no '+'. Any invalid subscriber makes the request a 400 listing them; nothing is sent.",
  middleware: [apiKeyAuth] as const,
  request: {
    params: businessIdParam,
    headers: idempotencyHeaders,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: sendBulkInput,
          example: {
            message: {
              messageType: "template",
              name: "kid_report",
              language: "en_US",
              components: [
                {
                  componentType: "header",
                  parameters: [
                    { type: "media", mediaType: "image", mediaLink: "https://cdn.example.com/a.png" },
                  ],
                },
                {
                  componentType: "body",
                  parameters: [
                    { type: "text", text: "1" },
                    { type: "text", text: "2" },
                  ],
                },
                {
                  componentType: "button",
                  index: "0",
                  sub_type: "url",
                  parameters: [{ type: "text", text: "3" }],
                },
              ],
            },
            subscribers: [{ subscriberId: "919876543210", variables: ["Sunil", "1234", "?Kid_ID=123"] }],
            phoneNumberId: "sim0193b6f28c1a",
          },
        },
      },
    },
  },
  responses: sendResponsesOf(z.object({ transactionId: z.string() }).openapi("BulkSendResponse")),
});

const CompleteRecord = z
  .object({
    platform_msg_id: z.string(),
    subscriber_id: z.string(),
    msg_type: z.string().openapi({ example: "template" }),
    msg_status: z.enum(["attempted", "accepted", "sent", "delivered", "read", "failed", "error"]),
    error_code: z.string().openapi({ description: "Empty when no error" }),
    failed_reason: z.string().openapi({ description: "Empty when no failure" }),
    failed_at: z.number().int(),
    time_stamp: z.number().int(),
    accepted_at: z.number().int(),
    sent_at: z.number().int(),
    delivered_at: z.number().int(),
    read_at: z.number().int(),
    language: z.string(),
    template_name: z.string(),
  })
  .openapi("CompleteStatusRecord");

const b2 = createRoute({
  method: "get",
  path: "/api/v2/message/{business_id}/status/{transaction_id}/complete",
  tags: ["Messages"],
  summary: "Complete status of a transaction (B2)",
  description: "One record per message; timestamps in epoch seconds, 0 when not reached.",
  middleware: [apiKeyAuth] as const,
  request: { params: statusParams },
  responses: {
    200: { description: "Records", content: { "application/json": { schema: z.array(CompleteRecord) } } },
    ...errorResponses,
  },
});

const counters = ["attempted", "failed", "error", "accepted", "sent", "delivered", "read"] as const;
const b3 = createRoute({
  method: "get",
  path: "/api/v2/message/{business_id}/status/{transaction_id}/partial",
  tags: ["Messages"],
  summary: "Partial status counters of a transaction (B3)",
  description: "Each message is counted once, under its current status; `attempted` is the total.",
  middleware: [apiKeyAuth] as const,
  request: { params: statusParams },
  responses: {
    200: {
      description: "Counters",
      content: {
        "application/json": {
          schema: z
            .object(Object.fromEntries(counters.map((k) => [k, z.number().int()])))
            .openapi("PartialStatus"),
        },
      },
    },
    ...errorResponses,
  },
});

export function registerBulkMessageRoutes(app: ApiApp): void {
  // POST /api/v2/message/{business_id}/template?apikey= (B1)
  app.openapi(b1, async (c) => {
    const body = c.req.valid("json");
    return await idempotentSend(c, body, (idem) =>
      sendBulkMessages(keyCtx(c), c.get("auth").businessId, body, idem),
    );
  });

  // GET /api/v2/message/{business_id}/status/{transaction_id}/complete?apikey= (B2)
  app.openapi(b2, async (c) => {
    const { transaction_id } = c.req.valid("param");
    const json = await completeStatusJson(keyCtx(c), c.get("auth").businessId, transaction_id);
    return jsonText<Array<z.infer<typeof CompleteRecord>>>(c, json);
  });

  // GET /api/v2/message/{business_id}/status/{transaction_id}/partial?apikey= (B3)
  app.openapi(b3, async (c) => {
    const { transaction_id } = c.req.valid("param");
    return c.json(await partialStatus(keyCtx(c), c.get("auth").businessId, transaction_id), 200);
  });
}
