/**
 * What a campaign earned: conversions, the rate and revenue per message sent (docs/economics.md).
 * Not in the spec.
 * GET /api/v3/conversions/{business_id}/campaigns/{promotion_id}
 */
import { createRoute } from "@hono/zod-openapi";
import { campaignConversions } from "@/lib/economics/conversions/campaign-conversions";
import { CampaignConversionsDoc } from "@/lib/economics/conversions/schemas";
import { errorResponses, jsonResponse } from "../schemas";
import { withBusiness } from "../with-business";
import { promotionParams } from "../promotions/engine-schemas";

export const contract = createRoute({
  method: "get",
  path: "/api/v3/conversions/{business_id}/campaigns/{promotion_id}",
  tags: ["Conversions"],
  summary: "A campaign's conversions, conversion rate and revenue",
  request: { params: promotionParams },
  responses: {
    200: jsonResponse(CampaignConversionsDoc, "The campaign's attributed conversions"),
    ...errorResponses,
  },
});

export const campaignConversionsOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  return c.json(await campaignConversions(ctx, businessId, c.req.valid("param").promotion_id), 200);
});
