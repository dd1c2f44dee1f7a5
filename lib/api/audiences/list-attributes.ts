/** The business's custom attribute definitions. GET /api/v3/audiences/{business_id}/attributes */
import { createRoute, z } from "@hono/zod-openapi";
import { listAttributeDefinitions } from "@/lib/audiences/attribute-definitions";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { AttributeDefinition, BASE, businessParam, json, TAG } from "./schemas";

export const contract = createRoute({
  method: "get",
  path: `${BASE}/attributes`,
  tags: [TAG],
  summary: "List the business's custom attribute definitions",
  request: { params: businessParam },
  responses: {
    200: json(z.object({ attributes: z.array(AttributeDefinition) }), "Definitions by key"),
    ...errorResponses,
  },
});

export const listAttributesOperation = withBusiness({ contract }, async (c, { ctx, businessId }) =>
  c.json({ attributes: await listAttributeDefinitions(ctx, businessId) }, 200),
);
