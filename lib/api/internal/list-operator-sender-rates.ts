/**
 * A business's senders and their dispatch rates (operator; not in the spec, see docs/decisions/sender-rate-set-by-operator.md).
 * GET /api/internal/business/{business_id}/senders
 */
import { createRoute } from "@hono/zod-openapi";
import { systemCtx } from "@/lib/context";
import { apiSenderRate, listSenderRates } from "@/lib/messages/dispatch/list-sender-rates";
import { MAX_SENDER_RATE } from "@/lib/messages/dispatch/sender-rate-schemas";
import { SenderRateList } from "../senders/schemas";
import type { ResponseOf } from "../operation";
import { withOperator } from "./operator-auth";
import { businessParam, operatorErrors } from "./sender-schemas";

export const contract = createRoute({
  method: "get",
  path: "/api/internal/business/{business_id}/senders",
  tags: ["Internal"],
  summary: "A business's senders and their dispatch rates (operator)",
  request: { params: businessParam },
  responses: {
    200: {
      description: "Senders with their rates",
      content: { "application/json": { schema: SenderRateList } },
    },
    ...operatorErrors,
  },
});

export type ListSenderRatesResponse = ResponseOf<typeof contract>;

export const listOperatorSenderRatesOperation = withOperator({ contract }, async (c) => {
  const { business_id } = c.req.valid("param");
  const senders = (await listSenderRates(systemCtx("operator-api"), business_id)).map(apiSenderRate);
  return c.json({ businessId: business_id, maxPerSecond: MAX_SENDER_RATE, senders }, 200);
});
