/** Delete an attribute and its values. DELETE /api/v3/audiences/{business_id}/attributes/{key} */
import { createRoute } from "@hono/zod-openapi";
import { deleteAttributeDefinition } from "@/lib/audiences/attribute-definitions";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { attributeParams, BASE, TAG } from "./schemas";

export const contract = createRoute({
  method: "delete",
  path: `${BASE}/attributes/{key}`,
  tags: [TAG],
  summary: "Delete an attribute definition (its key is removed from every profile)",
  request: { params: attributeParams },
  responses: { 204: { description: "Deleted" }, ...errorResponses },
});

export const deleteAttributeOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  await deleteAttributeDefinition(ctx, businessId, c.req.valid("param").key);
  return c.body(null, 204);
});
