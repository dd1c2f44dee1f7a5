/** Rename a segment or replace its definition. PATCH /api/v3/audiences/{business_id}/segments/{segment_id} */
import { createRoute } from "@hono/zod-openapi";
import { SegmentUpdate, segmentExample } from "@/lib/audiences/segments/definition";
import { updateSegment } from "@/lib/audiences/segments/segments";
import { withBusiness } from "../with-business";
import { BASE, body, errorResponsesWithConflict, json, Segment, segmentParams, TAG } from "./schemas";

export const contract = createRoute({
  method: "patch",
  path: `${BASE}/segments/{segment_id}`,
  tags: [TAG],
  summary: "Rename a segment or replace its definition (campaigns launched on it keep their recipients)",
  request: {
    params: segmentParams,
    body: body(SegmentUpdate, { example: { definition: segmentExample.definition } }),
  },
  responses: { 200: json(Segment, "Updated"), ...errorResponsesWithConflict },
});

export const updateSegmentOperation = withBusiness({ contract }, async (c, { ctx, businessId }) =>
  c.json(await updateSegment(ctx, businessId, c.req.valid("param").segment_id, c.req.valid("json")), 200),
);
