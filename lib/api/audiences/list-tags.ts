/** The business's tags with their counts. GET /api/v3/audiences/{business_id}/tags */
import { createRoute, z } from "@hono/zod-openapi";
import { listTags } from "@/lib/audiences/tags";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, businessParam, json, Tag, TAG } from "./schemas";

export const contract = createRoute({
  method: "get",
  path: `${BASE}/tags`,
  tags: [TAG],
  summary: "List the business's subscriber tags with how many profiles have each",
  request: { params: businessParam },
  responses: { 200: json(z.object({ tags: z.array(Tag) }), "Tags by name"), ...errorResponses },
});

export const listTagsOperation = withBusiness({ contract }, async (c, { ctx, businessId }) =>
  c.json({ tags: await listTags(ctx, businessId) }, 200),
);
