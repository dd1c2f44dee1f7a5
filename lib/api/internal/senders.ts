import { createRoute, z } from "@hono/zod-openapi";
import { systemCtx } from "@/lib/context";
import { listSenderRates } from "@/lib/messages/dispatch/list-sender-rates";
import { setSenderRate } from "@/lib/messages/dispatch/sender-rate";
import { MAX_SENDER_RATE, senderChannel, senderPerSecond } from "@/lib/messages/dispatch/sender-rate-schemas";
import { errorResponses } from "../schemas";
import type { ApiApp } from "../types";
import { SenderRate, SenderRateList } from "../senders/schemas";
import { operatorAuth } from "./operator-auth";

const EXAMPLE_ID = "0193b6f2-8c1a-7cde-9f00-1234567890ab";
const businessParam = z.object({
  business_id: z.uuid().openapi({ param: { name: "business_id", in: "path" }, example: EXAMPLE_ID }),
});
const senderParams = businessParam.extend({
  sender: z
    .string()
    .min(1)
    .max(128)
    .openapi({
      param: { name: "sender", in: "path" },
      description: "phoneNumberId or RCS agent id",
      example: "1055",
    }),
});

const operatorErrors = {
  400: errorResponses[400],
  401: { ...errorResponses[401], description: "Operator secret missing or wrong" },
  404: { ...errorResponses[404], description: "No such business, or not a sender of it" },
  503: { ...errorResponses[401], description: "OPERATOR_SECRET is not configured" },
};

const list = createRoute({
  method: "get",
  path: "/api/internal/business/{business_id}/senders",
  tags: ["Internal"],
  summary: "A business's senders and their dispatch rates (operator)",
  middleware: [operatorAuth] as const,
  request: { params: businessParam },
  responses: {
    200: {
      description: "Senders with their rates",
      content: { "application/json": { schema: SenderRateList } },
    },
    ...operatorErrors,
  },
});

const setRate = createRoute({
  method: "put",
  path: "/api/internal/business/{business_id}/senders/{sender}/rate",
  tags: ["Internal"],
  summary: "Set or clear a sender's dispatch rate (operator)",
  description: `Messages per second for one chatapp phoneNumberId or the RCS agent of the business, 1 to ${MAX_SENDER_RATE} (Meta's highest tier); null returns it to the server's MESSAGES_SENDER_RATE. Dispatchers in other processes pick it up within MESSAGES_CACHE_MS (2 s).`,
  middleware: [operatorAuth] as const,
  request: {
    params: senderParams,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({
            perSecond: senderPerSecond.nullable().openapi({
              description: `Whole messages per second, 1-${MAX_SENDER_RATE}; null for the default`,
              example: 250,
            }),
            channel: senderChannel.optional().openapi({
              description:
                "Needed only when a chatapp phoneNumberId and the RCS agent id of the business are the same string: which one's limit to set",
              example: "chatapp",
            }),
          }),
        },
      },
    },
  },
  responses: {
    200: {
      description: "The sender with its new rate",
      content: { "application/json": { schema: SenderRate } },
    },
    ...operatorErrors,
  },
});

export function registerOperatorSenderRoutes(app: ApiApp): void {
  // GET /api/internal/business/{business_id}/senders (operator; not in the spec, see docs/decisions.md)
  app.openapi(list, async (c) => {
    const { business_id } = c.req.valid("param");
    const senders = await listSenderRates(systemCtx("operator-api"), business_id);
    return c.json({ businessId: business_id, maxPerSecond: MAX_SENDER_RATE, senders }, 200);
  });

  // PUT /api/internal/business/{business_id}/senders/{sender}/rate (operator; see docs/decisions.md)
  app.openapi(setRate, async (c) => {
    const { business_id, sender } = c.req.valid("param");
    const { perSecond, channel } = c.req.valid("json");
    const view = await setSenderRate(systemCtx("operator-api"), {
      businessId: business_id,
      sender,
      channel,
      perSecond,
    });
    return c.json(view, 200);
  });
}
