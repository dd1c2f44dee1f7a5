/** The business's segments. GET /api/v3/audiences/{business_id}/segments */
import { createRoute, z } from "@hono/zod-openapi";
import { listSegments } from "@/lib/audiences/segments/segments";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, businessParam, json, Segment, TAG } from "./schemas";

export const contract = createRoute({
  method: "get",
  path: `${BASE}/segments`,
  tags: [TAG],
  summary: "List the business's segments by name",
  request: { params: businessParam },
  responses: { 200: json(z.object({ segments: z.array(Segment) }), "Segments by name"), ...errorResponses },
});

export const listSegmentsOperation = withBusiness({ contract }, async (c, { ctx, businessId }) =>
  c.json({ segments: await listSegments(ctx, businessId) }, 200),
);
