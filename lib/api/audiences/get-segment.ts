/** One segment. GET /api/v3/audiences/{business_id}/segments/{segment_id} */
import { createRoute } from "@hono/zod-openapi";
import { getSegment } from "@/lib/audiences/segments/segments";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, json, Segment, segmentParams, TAG } from "./schemas";

export const contract = createRoute({
  method: "get",
  path: `${BASE}/segments/{segment_id}`,
  tags: [TAG],
  summary: "A segment and its definition",
  request: { params: segmentParams },
  responses: { 200: json(Segment, "The segment"), ...errorResponses },
});

export const getSegmentOperation = withBusiness({ contract }, async (c, { ctx, businessId }) =>
  c.json(await getSegment(ctx, businessId, c.req.valid("param").segment_id), 200),
);
