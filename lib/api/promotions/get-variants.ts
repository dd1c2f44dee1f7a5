/**
 * A campaign's A/B test: each arm's numbers and each variant's conversion lift (not in the
 * spec; docs/economics.md, "A/B variants and a holdout").
 * GET /api/v3/promotion/{business_id}/{promotion_id}/variants
 */
import { createRoute, z } from "@hono/zod-openapi";
import { variantsReport } from "@/lib/promotions/ab/variants-report";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { promotionParams } from "./engine-schemas";

const count = (description: string) => z.number().int().min(0).openapi({ description });
const rated = (description: string) =>
  z
    .object({
      count: count(description),
      rate: z.number().min(0).max(1).openapi({ description: "count / recipients" }),
    })
    .openapi({ description });

const Arm = z.object({
  arm: z
    .number()
    .int()
    .openapi({ description: "0: the holdout (sent nothing); 1..4: the variants in E1's order" }),
  name: z.string().openapi({ example: "B" }),
  template: z
    .object({ id: z.string(), name: z.string(), language: z.string() })
    .nullable()
    .openapi({ description: "The variant's template; null for the holdout" }),
  recipients: count("Recipients drawn into the arm (opted-out numbers are in no arm)"),
  delivered: rated("Recipients whose message was delivered (or read)"),
  read: rated("Recipients whose message was read"),
  replied: rated("Recipients who replied or pressed a button after their message"),
  clicked: rated("Recipients with at least one click on their tracked links"),
  converted: rated(
    "Recipients with a conversion: attributed to their message (variants); in the campaign's window from its start (the holdout)",
  ),
  conversions: count("Conversion events"),
  revenue: z.array(z.object({ currency: z.string(), value: z.number() })).openapi({
    description: "Sum of the conversions' values per currency, largest first",
  }),
});

const Lift = z.object({
  variant: z.string(),
  against: z
    .string()
    .openapi({ description: "`holdout`, or the first variant's name when there is no holdout" }),
  metric: z.literal("conversion"),
  enoughData: z.boolean().openapi({
    description: "At least 100 recipients in each of the two arms and 5 conversions between them",
  }),
  points: z.number().nullable().openapi({ description: "Conversion rate difference, percentage points" }),
  low: z.number().nullable().openapi({ description: "95% confidence interval, lower bound (points)" }),
  high: z.number().nullable().openapi({ description: "95% confidence interval, upper bound (points)" }),
  significant: z.boolean().openapi({ description: "The interval excludes 0" }),
  verdict: z.string().openapi({
    example: "variant B: +2.1 points of conversion vs the holdout, 95% CI +0.4 to +3.8: better",
  }),
});

const VariantsReport = z
  .object({
    promotionId: z.string(),
    holdoutPercent: z.number().int(),
    seed: z.string().openapi({
      description: "The draw's seed (64-bit integer): the same seed and list draw the same arms",
    }),
    arms: z.array(Arm),
    lifts: z.array(Lift),
  })
  .openapi("PromotionVariants", {
    example: {
      promotionId: "0193b6f2-8c1a-7cde-9f00-1234567890ab",
      holdoutPercent: 10,
      seed: "42",
      arms: [
        {
          arm: 0,
          name: "holdout",
          template: null,
          recipients: 1000,
          delivered: { count: 0, rate: 0 },
          read: { count: 0, rate: 0 },
          replied: { count: 0, rate: 0 },
          clicked: { count: 0, rate: 0 },
          converted: { count: 30, rate: 0.03 },
          conversions: 31,
          revenue: [{ currency: "INR", value: 15500 }],
        },
        {
          arm: 1,
          name: "A",
          template: { id: "0193b6f2-0000-7000-8000-000000000001", name: "diwali_offer", language: "en_US" },
          recipients: 4500,
          delivered: { count: 4300, rate: 0.9556 },
          read: { count: 3100, rate: 0.6889 },
          replied: { count: 210, rate: 0.0467 },
          clicked: { count: 640, rate: 0.1422 },
          converted: { count: 230, rate: 0.0511 },
          conversions: 241,
          revenue: [{ currency: "INR", value: 120500 }],
        },
      ],
      lifts: [
        {
          variant: "A",
          against: "holdout",
          metric: "conversion",
          enoughData: true,
          points: 2.11,
          low: 0.83,
          high: 3.39,
          significant: true,
          verdict: "variant A: +2.1 points of conversion vs the holdout, 95% CI +0.8 to +3.4: better",
        },
      ],
    },
  });

export type GetVariantsResponse = z.infer<typeof VariantsReport>;

export const contract = createRoute({
  method: "get",
  path: "/api/v3/promotion/{business_id}/{promotion_id}/variants",
  tags: ["Promotions"],
  summary: "A campaign's A/B variants and holdout",
  description:
    "For a campaign launched with `abTest` (E1): per arm (the holdout, then each variant) its recipients and how many were delivered, read, replied, clicked and converted (count and rate over the arm's recipients) with revenue per currency; and the conversion lift of each variant against the holdout (against the first variant when there is no holdout) in percentage points with a 95% confidence interval (difference of two proportions, normal approximation) and a verdict in words. Below 100 recipients in an arm or 5 conversions between the two arms the verdict is 'not enough data yet'. 404 for a campaign without an A/B test.",
  request: { params: promotionParams },
  responses: {
    200: { description: "Variants", content: { "application/json": { schema: VariantsReport } } },
    ...errorResponses,
  },
});

export const getVariantsOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  const { promotion_id } = c.req.valid("param");
  return c.json(await variantsReport(ctx, businessId, promotion_id), 200);
});
