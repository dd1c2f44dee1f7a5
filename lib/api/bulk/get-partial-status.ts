/**
 * B3: the partial status of a transaction, one counter per status.
 * GET /api/v2/message/{business_id}/status/{transaction_id}/partial?apikey=
 */
import { createRoute, z } from "@hono/zod-openapi";
import { partialStatus } from "@/lib/messages/status/get-transaction-status";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { statusParams } from "./schemas";

const counters = ["attempted", "failed", "error", "accepted", "sent", "delivered", "read"] as const;
const PartialStatus = z
  .object(Object.fromEntries(counters.map((k) => [k, z.number().int()])))
  .openapi("PartialStatus");
export type PartialStatusResponse = Record<(typeof counters)[number], number>;

export const contract = createRoute({
  method: "get",
  path: "/api/v2/message/{business_id}/status/{transaction_id}/partial",
  tags: ["Messages"],
  summary: "Partial status counters of a transaction (B3)",
  description: "Each message is counted once, under its current status; `attempted` is the total.",
  request: { params: statusParams },
  responses: {
    200: {
      description: "Counters",
      content: {
        "application/json": {
          schema: PartialStatus,
        },
      },
    },
    ...errorResponses,
  },
});

export const getPartialStatusOperation = withBusiness(
  { spec: "B3", contract },
  async (c, { ctx, businessId }) => {
    const { transaction_id } = c.req.valid("param");
    return c.json(await partialStatus(ctx, businessId, transaction_id), 200);
  },
);
