/**
 * E5: stop, cancel or resume a promotion.
 * PATCH /api/v2/promotion/{business_id}/{promotion_id}
 */
import { createRoute, z } from "@hono/zod-openapi";
import {
  updatePromotionStatus,
  updatePromotionStatusInput,
} from "@/lib/promotions/engine/update-promotion-status";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { channelQuery, promotionParams } from "./engine-schemas";

export type UpdateStatusRequest = z.input<typeof updatePromotionStatusInput>;
export type UpdateStatusResponse = Record<string, unknown>;

export const contract = createRoute({
  method: "patch",
  path: "/api/v2/promotion/{business_id}/{promotion_id}",
  tags: ["Promotions"],
  summary: "Update promotion status (E5)",
  description:
    "`Stopped`: a Scheduled or Active promotion sends nothing new (messages already created finish); resumable. `Cancelled`: only during preparation (Preparing or Scheduled), final; its pending recipients end `cancelled`. `Active`: resumes a Stopped promotion where it stopped. A refused move is a 400 saying why; asking for the current status changes nothing. Answers the full promotion record.",
  request: {
    params: promotionParams,
    query: channelQuery,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: updatePromotionStatusInput,
          example: { type: "status", status: "Stopped" },
        },
      },
    },
  },
  responses: {
    200: {
      description: "The full promotion record",
      content: {
        "application/json": { schema: z.record(z.string(), z.unknown()).openapi("FullPromotionRecord") },
      },
    },
    ...errorResponses,
  },
});

export const updateStatusOperation = withBusiness(
  { spec: "E5", contract },
  async (c, { ctx, businessId }) => {
    const { promotion_id } = c.req.valid("param");
    const { channel } = c.req.valid("query");
    const record = await updatePromotionStatus(ctx, businessId, promotion_id, c.req.valid("json"), channel);
    return c.json(record as UpdateStatusResponse, 200);
  },
);
