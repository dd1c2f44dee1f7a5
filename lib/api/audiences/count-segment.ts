/** Count a saved segment. GET /api/v3/audiences/{business_id}/segments/{segment_id}/count */
import { createRoute } from "@hono/zod-openapi";
import { countSegment } from "@/lib/audiences/segments/segment-matches";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, json, SegmentCount, segmentParams, TAG } from "./schemas";

export const contract = createRoute({
  method: "get",
  path: `${BASE}/segments/{segment_id}/count`,
  tags: [TAG],
  summary: "Count the subscribers a saved segment matches now, with the first 10",
  request: { params: segmentParams },
  responses: { 200: json(SegmentCount, "The live count"), ...errorResponses },
});

export const countSegmentOperation = withBusiness({ contract }, async (c, { ctx, businessId }) =>
  c.json(await countSegment(ctx, businessId, c.req.valid("param").segment_id), 200),
);
