/** Save a segment. POST /api/v3/audiences/{business_id}/segments */
import { createRoute } from "@hono/zod-openapi";
import { SegmentInput, segmentExample } from "@/lib/audiences/segments/definition";
import { createSegment } from "@/lib/audiences/segments/segments";
import { withBusiness } from "../with-business";
import { BASE, body, businessParam, errorResponsesWithConflict, json, Segment, TAG } from "./schemas";

export const contract = createRoute({
  method: "post",
  path: `${BASE}/segments`,
  tags: [TAG],
  summary:
    "Save a segment: a name (unique per business whatever the case) and a definition (groups of conditions on profile fields, attributes, tags, activity, consent and RCS capability; docs/audiences.md)",
  request: { params: businessParam, body: body(SegmentInput, { example: segmentExample }) },
  responses: { 201: json(Segment, "Created"), ...errorResponsesWithConflict },
});

export const createSegmentOperation = withBusiness({ contract }, async (c, { ctx, businessId }) =>
  c.json(await createSegment(ctx, businessId, c.req.valid("json")), 201),
);
