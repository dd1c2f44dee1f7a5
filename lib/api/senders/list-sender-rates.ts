/**
 * The business's senders and the rate each is dispatched at (not in the spec, see
 * docs/decisions/sender-rate-set-by-operator.md); the operator sets them (internal/set-sender-rate.ts).
 * GET /api/v3/business/{business_id}/senders
 */
import { createRoute, z } from "@hono/zod-openapi";
import { apiSenderRate, listSenderRates } from "@/lib/messages/dispatch/list-sender-rates";
import { MAX_SENDER_RATE } from "@/lib/messages/dispatch/sender-rate-schemas";
import { businessIdParam, errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { SenderRateList } from "./schemas";

export type SenderRatesResponse = z.infer<typeof SenderRateList>;

export const contract = createRoute({
  method: "get",
  path: "/api/v3/business/{business_id}/senders",
  tags: ["Business"],
  summary: "The business's senders and the rate (messages/s) each is dispatched at",
  description:
    "Read-only for business keys: the operator sets the rates (console, `npm run admin`, or `PUT /api/internal/business/{business_id}/senders/{sender}/rate`).",
  request: { params: businessIdParam },
  responses: {
    200: {
      description: "Senders with their rates",
      content: { "application/json": { schema: SenderRateList } },
    },
    ...errorResponses,
  },
});

export const listSenderRatesOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  const senders = (await listSenderRates(ctx, businessId)).map(apiSenderRate);
  return c.json({ businessId, maxPerSecond: MAX_SENDER_RATE, senders }, 200);
});
