/**
 * E4: a promotion's counters, in total and per round.
 * GET /api/v2/promotion/{business_id}/{promotion_id}/stats
 */
import { createRoute, z } from "@hono/zod-openapi";
import { getPromotionStats } from "@/lib/promotions/reports/get-promotion-stats";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { channelQuery, promotionParams } from "./engine-schemas";

const counterKeys = ["attempted", "failed", "sent", "delivered", "read", "interacted", "optout"] as const;
const counters = Object.fromEntries(counterKeys.map((k) => [k, z.number().int()])) as Record<
  (typeof counterKeys)[number],
  z.ZodNumber
>;
const PromotionStats = z
  .object({
    ...counters,
    statsReport: z.array(z.object({ ...counters, promotionRetryNumber: z.number().int() })),
  })
  .openapi("PromotionStats", {
    example: {
      attempted: 3,
      failed: 0,
      sent: 1,
      delivered: 1,
      read: 1,
      interacted: 1,
      optout: 1,
      statsReport: [
        {
          attempted: 3,
          failed: 1,
          sent: 1,
          delivered: 1,
          read: 0,
          interacted: 1,
          optout: 1,
          promotionRetryNumber: 0,
        },
        {
          attempted: 1,
          failed: 0,
          sent: 0,
          delivered: 0,
          read: 1,
          interacted: 0,
          optout: 0,
          promotionRetryNumber: 1,
        },
      ],
    },
  });

export type GetStatsResponse = z.infer<typeof PromotionStats>;

export const contract = createRoute({
  method: "get",
  path: "/api/v2/promotion/{business_id}/{promotion_id}/stats",
  tags: ["Promotions"],
  summary: "Promotion stats (E4)",
  description:
    "Counters maintained as statuses move (no count at read time). `statsReport`: one entry per round (0 = first send, then each retry), each recipient counted once per round under its furthest status. The totals count each recipient once under its latest outcome.",
  request: { params: promotionParams, query: channelQuery },
  responses: {
    200: { description: "Stats", content: { "application/json": { schema: PromotionStats } } },
    ...errorResponses,
  },
});

export const getStats = withBusiness({ spec: "E4", contract }, async (c, { ctx, businessId }) => {
  const { promotion_id } = c.req.valid("param");
  const { channel } = c.req.valid("query");
  return c.json(await getPromotionStats(ctx, businessId, promotion_id, channel), 200);
});
