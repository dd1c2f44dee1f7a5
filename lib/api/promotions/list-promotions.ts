/**
 * E2: the business's promotions, newest first (`channel=rcs` for RCS).
 * GET /api/v2/promotion/{business_id}
 */
import { createRoute, z } from "@hono/zod-openapi";
import { listPromotions, listPromotionsQuery } from "@/lib/promotions/list-promotions";
import { businessIdParam, errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { PromotionRecordDoc } from "./schemas";

export type ListPromotionsRequest = z.input<typeof listPromotionsQuery>;
export type ListPromotionsResponse = {
  promotions: Array<z.infer<typeof PromotionRecordDoc>>;
  totalItems: number;
};

export const contract = createRoute({
  method: "get",
  path: "/api/v2/promotion/{business_id}",
  tags: ["Promotions"],
  summary: "List promotions (E2)",
  description:
    "Newest first. `channel=rcs` lists RCS promotions and campaigns (default chatapp). Pages start at 0.",
  request: { params: businessIdParam, query: listPromotionsQuery },
  responses: {
    200: {
      description: "One page of promotion records and the total",
      content: {
        "application/json": {
          schema: z.object({ promotions: z.array(PromotionRecordDoc), totalItems: z.number().int() }),
        },
      },
    },
    ...errorResponses,
  },
});

export const listPromotionsOperation = withBusiness(
  { spec: "E2", contract },
  async (c, { ctx, businessId }) => {
    return c.json(await listPromotions(ctx, businessId, c.req.valid("query")), 200);
  },
);
