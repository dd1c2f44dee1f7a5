/**
 * The delivery log, newest first (Events: delivery log; docs/callbacks.md).
 * GET /api/v3/callbacks/{business_id}/deliveries
 */
import { createRoute, z } from "@hono/zod-openapi";
import { listDeliveries } from "@/lib/callbacks/list-deliveries";
import { deliveryFilters } from "@/lib/callbacks/schemas";
import type { ResponseOf } from "../operation";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, businessParam, Delivery, json, TAG } from "./schemas";

export type ListDeliveriesRequest = z.input<typeof deliveryFilters>;

export const contract = createRoute({
  method: "get",
  path: `${BASE}/deliveries`,
  tags: [TAG],
  summary: "The delivery log, newest first",
  request: { params: businessParam, query: deliveryFilters },
  responses: {
    200: json(
      z.object({
        deliveries: z.array(Delivery),
        nextCursor: z.string().nullable().openapi({ description: "Pass as `before` for the next page" }),
      }),
      "Deliveries",
    ),
    ...errorResponses,
  },
});

export type ListDeliveriesResponse = ResponseOf<typeof contract>;

export const listDeliveriesOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  return c.json(await listDeliveries(ctx, businessId, c.req.valid("query")), 200);
});
