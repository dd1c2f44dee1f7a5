import { createRoute, z } from "@hono/zod-openapi";
import { listSenderRates } from "@/lib/messages/dispatch/list-sender-rates";
import { MAX_SENDER_RATE } from "@/lib/messages/dispatch/sender-rate-schemas";
import { apiKeyAuth } from "../auth";
import { keyCtx } from "../key-ctx";
import { businessIdParam, errorResponses } from "../schemas";
import type { ApiApp } from "../types";

export const SenderRate = z
  .object({
    sender: z
      .string()
      .openapi({ description: "A chatapp phoneNumberId or the RCS agent id", example: "1055" }),
    channel: z.enum(["chatapp", "rcs"]).nullable().openapi({
      description: "null: a stored limit for an id no longer on the business's channels",
    }),
    perSecond: z.number().int().openapi({ description: "Messages per second in effect", example: 80 }),
    isDefault: z
      .boolean()
      .openapi({ description: "true: no limit of its own, the server's MESSAGES_SENDER_RATE applies" }),
  })
  .openapi("SenderRate");

export const SenderRateList = z
  .object({
    businessId: z.string(),
    maxPerSecond: z.number().int().openapi({ example: MAX_SENDER_RATE }),
    senders: z.array(SenderRate),
  })
  .openapi("SenderRateList");

const route = createRoute({
  method: "get",
  path: "/api/v3/business/{business_id}/senders",
  tags: ["Business"],
  summary: "The business's senders and the rate (messages/s) each is dispatched at",
  description:
    "Read-only for business keys: the operator sets the rates (console, `npm run admin`, or `PUT /api/internal/business/{business_id}/senders/{sender}/rate`).",
  middleware: [apiKeyAuth] as const,
  request: { params: businessIdParam },
  responses: {
    200: {
      description: "Senders with their rates",
      content: { "application/json": { schema: SenderRateList } },
    },
    ...errorResponses,
  },
});

export function registerSenderRoutes(app: ApiApp): void {
  // GET /api/v3/business/{business_id}/senders (dispatch rates; not in the spec, see docs/decisions.md)
  app.openapi(route, async (c) => {
    const { businessId } = c.get("auth");
    const senders = await listSenderRates(keyCtx(c), businessId);
    return c.json({ businessId, maxPerSecond: MAX_SENDER_RATE, senders }, 200);
  });
}
