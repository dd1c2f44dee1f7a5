/**
 * Set or clear a sender's dispatch rate (operator; see docs/decisions/sender-rate-set-by-operator.md).
 * PUT /api/internal/business/{business_id}/senders/{sender}/rate
 */
import { createRoute, z } from "@hono/zod-openapi";
import { systemCtx } from "@/lib/context";
import { apiSenderRate } from "@/lib/messages/dispatch/list-sender-rates";
import { setSenderRate } from "@/lib/messages/dispatch/sender-rate";
import { MAX_SENDER_RATE, senderChannel, senderPerSecond } from "@/lib/messages/dispatch/sender-rate-schemas";
import { SenderRate } from "../senders/schemas";
import { withOperator } from "./operator-auth";
import { operatorErrors, senderParams } from "./sender-schemas";

export type SetSenderRateResponse = z.infer<typeof SenderRate>;

export const contract = createRoute({
  method: "put",
  path: "/api/internal/business/{business_id}/senders/{sender}/rate",
  tags: ["Internal"],
  summary: "Set or clear a sender's dispatch rate (operator)",
  description: `Messages per second for one chatapp phoneNumberId or the RCS agent of the business, 1 to ${MAX_SENDER_RATE} (Meta's highest tier); null returns it to the server's MESSAGES_SENDER_RATE. Dispatchers in other processes pick it up within MESSAGES_CACHE_MS (2 s).`,
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

export const setSenderRateOperation = withOperator({ contract }, async (c) => {
  const { business_id, sender } = c.req.valid("param");
  const { perSecond, channel } = c.req.valid("json");
  const view = await setSenderRate(systemCtx("operator-api"), {
    businessId: business_id,
    sender,
    channel,
    perSecond,
  });
  return c.json(apiSenderRate(view), 200);
});
