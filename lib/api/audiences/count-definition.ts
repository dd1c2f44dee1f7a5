/** Count a definition not saved yet. POST /api/v3/audiences/{business_id}/segments/count */
import { createRoute, z } from "@hono/zod-openapi";
import { SegmentDefinition, segmentExample } from "@/lib/audiences/segments/definition";
import { countDefinition } from "@/lib/audiences/segments/segment-matches";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, body, businessParam, json, SegmentCount, TAG } from "./schemas";

export const contract = createRoute({
  method: "post",
  path: `${BASE}/segments/count`,
  tags: [TAG],
  summary: "Count the subscribers a definition matches now, with the first 10 (nothing is saved)",
  request: {
    params: businessParam,
    body: body(z.object({ definition: SegmentDefinition }), {
      example: { definition: segmentExample.definition },
    }),
  },
  responses: { 200: json(SegmentCount, "The live count"), ...errorResponses },
});

export const countDefinitionOperation = withBusiness({ contract }, async (c, { ctx, businessId }) =>
  c.json(await countDefinition(ctx, businessId, c.req.valid("json").definition), 200),
);
