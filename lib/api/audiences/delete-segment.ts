/** Delete a segment. DELETE /api/v3/audiences/{business_id}/segments/{segment_id} */
import { createRoute } from "@hono/zod-openapi";
import { deleteSegment } from "@/lib/audiences/segments/segments";
import { withBusiness } from "../with-business";
import { BASE, errorResponsesWithConflict, segmentParams, TAG } from "./schemas";

export const contract = createRoute({
  method: "delete",
  path: `${BASE}/segments/{segment_id}`,
  tags: [TAG],
  summary:
    "Delete a segment (campaigns launched on it keep their recipients); 409 while a flow's draft or published version branches on it",
  request: { params: segmentParams },
  responses: { 204: { description: "Deleted" }, ...errorResponsesWithConflict },
});

export const deleteSegmentOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  await deleteSegment(ctx, businessId, c.req.valid("param").segment_id);
  return c.body(null, 204);
});
