/**
 * E4: a promotion's counters, in total and per round.
 * GET /api/v2/promotion/{business_id}/{promotion_id}/stats
 */
import { createRoute, z } from "@hono/zod-openapi";
import { cachedCampaignCost } from "@/lib/economics/cost/cached-campaign-cost";
import { PRICED_CATEGORIES } from "@/lib/economics/cost/rate-card-schema";
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
    holdout: z.number().int().optional().openapi({
      description:
        "Not in the spec, only for a campaign with an A/B test's holdout: its recipients, never sent and in none of the seven counters (docs/economics.md)",
    }),
    statsReport: z.array(z.object({ ...counters, promotionRetryNumber: z.number().int() })),
    cost: z
      .object({
        currency: z.string(),
        amount: z.number(),
        category: z.enum(PRICED_CATEGORIES),
        deliveredMessages: z.number().int(),
        rateCard: z.string().openapi({ description: "The rate card's name and effective date" }),
      })
      .nullable()
      .openapi({
        description:
          "Not in the spec: what the delivered messages cost by the rate card (docs/economics.md); null for RCS",
      }),
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
      cost: {
        currency: "USD",
        amount: 0.0214,
        category: "marketing",
        deliveredMessages: 2,
        rateCard: "WhatsApp Business Platform per-message rates (2025-07-01)",
      },
    },
  });

export type GetStatsResponse = z.infer<typeof PromotionStats>;

export const contract = createRoute({
  method: "get",
  path: "/api/v2/promotion/{business_id}/{promotion_id}/stats",
  tags: ["Promotions"],
  summary: "Promotion stats (E4)",
  description:
    "Counters maintained as statuses move (no count at read time). `statsReport`: one entry per round (0 = first send, then each retry), each recipient counted once per round under its furthest status. The totals count each recipient once under its latest outcome. `cost` (not in the spec): the delivered messages priced by the rate card.",
  request: { params: promotionParams, query: channelQuery },
  responses: {
    200: { description: "Stats", content: { "application/json": { schema: PromotionStats } } },
    ...errorResponses,
  },
});

export const getStatsOperation = withBusiness({ spec: "E4", contract }, async (c, { ctx, businessId }) => {
  const { promotion_id } = c.req.valid("param");
  const { channel } = c.req.valid("query");
  const { holdout, ...stats } = await getPromotionStats(ctx, businessId, promotion_id, channel);
  const delivered = stats.delivered + stats.read;
  const cost = await cachedCampaignCost(ctx, businessId, promotion_id, delivered);
  return c.json(
    {
      ...stats,
      // The spec's seven stay exactly as they are; a holdout is shown beside them, when there is one.
      ...(holdout > 0 ? { holdout } : {}),
      cost: cost && {
        currency: cost.currency,
        amount: cost.total,
        category: cost.category,
        deliveredMessages: cost.messages,
        rateCard: `${cost.card.name} (${cost.card.effective})`,
      },
    },
    200,
  );
});
