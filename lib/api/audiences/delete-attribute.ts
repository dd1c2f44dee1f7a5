/** Delete an attribute and its values. DELETE /api/v3/audiences/{business_id}/attributes/{key} */
import { createRoute } from "@hono/zod-openapi";
import { deleteAttributeDefinition } from "@/lib/audiences/attribute-definitions";
import { withBusiness } from "../with-business";
import { attributeParams, BASE, errorResponsesWithConflict, TAG } from "./schemas";

export const contract = createRoute({
  method: "delete",
  path: `${BASE}/attributes/{key}`,
  tags: [TAG],
  summary:
    "Delete an attribute definition (its key is removed from every profile); 409 while a segment has a condition on it",
  request: { params: attributeParams },
  responses: { 204: { description: "Deleted" }, ...errorResponsesWithConflict },
});

export const deleteAttributeOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  await deleteAttributeDefinition(ctx, businessId, c.req.valid("param").key);
  return c.body(null, 204);
});
