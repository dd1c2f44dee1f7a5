/**
 * C1: create a batched RCS campaign that waits for batches (C2).
 * POST /api/v3/promotion/{tenant_id}/rcs
 */
import { createRoute, z } from "@hono/zod-openapi";
import { createRcsCampaign } from "@/lib/promotions/rcs/create-rcs-campaign";
import { createRcsCampaignInput } from "@/lib/promotions/rcs/schemas";
import { idempotentSend } from "../idempotent-send";
import { idempotencyHeaders, sendResponsesOf, tenantIdParam, jsonBody } from "../schemas";
import { withBusiness } from "../with-business";
import { completeKey } from "./complete-key";

const RcsCampaignCreated = z
  .object({ promotionId: z.string().openapi({ example: "0193b6f2-8c1a-7cde-9f00-1234567890ab" }) })
  .openapi("RcsCampaignCreated");
export type CreateRcsCampaignRequest = z.input<typeof createRcsCampaignInput>;
export type CreateRcsCampaignResponse = z.infer<typeof RcsCampaignCreated>;

export const contract = createRoute({
  method: "post",
  path: "/api/v3/promotion/{tenant_id}/rcs",
  tags: ["Promotions"],
  summary: "Create a batched RCS campaign (C1)",
  description:
    "An `Active` campaign on the business's RCS agent that waits for batches (C2). `promotionExpiry` (epoch seconds, future) defaults to the coming midnight in the business's time zone (Settings). Optional `fallback` (not in the spec): an APPROVED chatapp template (`templateName`, `language`) and one of the business's `phoneNumberId`s, sent instead to numbers the capability check finds not RCS-capable (docs/promotions.md).",
  request: {
    params: tenantIdParam,
    headers: idempotencyHeaders,
    body: jsonBody(createRcsCampaignInput, {
      examples: {
        minimal: { summary: "Expires at the coming midnight", value: { promotionName: "Diwali offers" } },
        fallback: {
          summary: "With an expiry and a chatapp fallback",
          value: {
            promotionName: "Diwali offers",
            promotionExpiry: 1798761600,
            fallback: {
              templateName: "diwali_offer",
              language: "en_US",
              phoneNumberId: "sim0193b6f28c1a",
            },
          },
        },
      },
    }),
  },
  responses: sendResponsesOf(RcsCampaignCreated),
});

export const createRcsCampaignOperation = withBusiness(
  { spec: "C1", contract },
  async (c, { ctx, businessId }) => {
    const body = c.req.valid("json");
    return await idempotentSend(c, body, (idem) =>
      createRcsCampaign(ctx, businessId, body, { onCommit: completeKey(businessId, idem) }),
    );
  },
);
