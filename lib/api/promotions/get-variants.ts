/**
 * A campaign's A/B test: each arm's numbers and each variant's conversion lift (not in the
 * spec; docs/economics.md, "A/B variants and a holdout").
 * GET /api/v3/promotion/{business_id}/{promotion_id}/variants
 */
import { createRoute, z } from "@hono/zod-openapi";
import { winnerMetrics } from "@/db/schema/ab-test";
import { variantsReport } from "@/lib/promotions/ab/variants-report";
import { winnerStates } from "@/lib/promotions/ab/winner-state";
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
  clicks: count("Clicks on the arm's tracked links, every one (previews and bots are not clicks)"),
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

const WinnerRate = z.object({
  arm: z.number().int(),
  name: z.string(),
  recipients: count("The variant's recipients when the winner was picked"),
  count: count("Of them, with the metric's event (read, clicked or converted)"),
  rate: z.number().min(0).max(1).openapi({ description: "count / recipients" }),
});

const Winner = z
  .object({
    sendToRest: z.boolean().openapi({
      description:
        "`abTest.winner` was given: the variants are tested on `testShare`% of the audience outside the holdout and the best one is sent to the rest after `testHours`",
    }),
    metric: z.enum(winnerMetrics).nullable().openapi({ description: "The rate the winner is picked by" }),
    testShare: z.number().int().nullable(),
    testHours: z.number().int().nullable(),
    testEndsAt: z.string().datetime().nullable().openapi({
      description:
        "The test period's end (the campaign's start + testHours); null before the campaign starts",
    }),
    state: z.enum(winnerStates).nullable().openapi({
      description:
        "waiting: the test runs until testEndsAt; held: the period is over, the rest still held (an Active campaign is decided within 15 s, a Stopped one once resumed); picked: the winner was picked and is being sent to the rest; not_enough_data: decided without a verdict, the first variant is being sent to the rest; sent: decided and none of the rest is left to send (`decision.enoughData` says whether there was a verdict); ended: the campaign expired or was cancelled with the rest unsent. null without `abTest.winner`",
    }),
    decision: z
      .object({
        arm: z.number().int().openapi({ description: "The variant sent to the rest" }),
        name: z.string(),
        enoughData: z.boolean().openapi({
          description:
            "false: below the sample rule (100 recipients in each variant, 5 events of the metric between them): the first variant was sent",
        }),
        reason: z.string().openapi({ example: "read rate 41% vs 33%" }),
        decidedAt: z.string().datetime(),
        released: count("Recipients of the rest released to be sent the winner"),
        rates: z.array(WinnerRate).openapi({ description: "Each variant's figures the decision compared" }),
      })
      .nullable()
      .openapi({ description: "What the winner job decided; null until then" }),
    summary: z.string().nullable().openapi({
      description: "The campaign page's sentence (times in UTC)",
      example: "Winner: B, sent to the rest (720) at 2026-12-08T10:00:00.000Z: read rate 41% vs 33%",
    }),
  })
  .openapi({ description: "Sending the winner to the rest (docs/economics.md)" });

const VariantsReport = z
  .object({
    promotionId: z.string(),
    holdoutPercent: z.number().int(),
    seed: z.string().openapi({
      description: "The draw's seed (64-bit integer): the same seed and list draw the same arms",
    }),
    arms: z.array(Arm),
    lifts: z.array(Lift),
    winner: Winner,
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
          clicks: 0,
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
          clicks: 815,
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
      winner: {
        sendToRest: true,
        metric: "converted",
        testShare: 20,
        testHours: 24,
        testEndsAt: "2026-12-08T10:00:00.000Z",
        state: "sent",
        decision: {
          arm: 1,
          name: "A",
          enoughData: true,
          reason: "conversion rate 5.1% vs 3.2%",
          decidedAt: "2026-12-08T10:00:12.000Z",
          released: 36000,
          rates: [
            { arm: 1, name: "A", recipients: 4500, count: 230, rate: 0.0511 },
            { arm: 2, name: "B", recipients: 4500, count: 144, rate: 0.032 },
          ],
        },
        summary:
          "Winner: A, sent to the rest (36,000) at 2026-12-08T10:00:12.000Z: conversion rate 5.1% vs 3.2%",
      },
    },
  });

export type GetVariantsResponse = z.infer<typeof VariantsReport>;

export const contract = createRoute({
  method: "get",
  path: "/api/v3/promotion/{business_id}/{promotion_id}/variants",
  tags: ["Promotions"],
  summary: "A campaign's A/B variants and holdout",
  description:
    "For a campaign launched with `abTest` (E1): per arm (the holdout, then each variant) its recipients and how many were delivered, read, replied, clicked and converted (count and rate over the arm's recipients) with revenue per currency; and the conversion lift of each variant against the holdout (against the first variant when there is no holdout) in percentage points with a 95% confidence interval (difference of two proportions, normal approximation) and a verdict in words; and `winner`: whether the best variant is sent to the rest (`abTest.winner`), when the test period ends, the state (waiting, held, picked, not_enough_data, sent, ended) and, once decided, which variant won and why (the metric's rate of each variant). Below 100 recipients in an arm or 5 conversions between the two arms the verdict is 'not enough data yet'. 404 for a campaign without an A/B test.",
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
