/** Delete a tag and take it off every profile. DELETE /api/v3/audiences/{business_id}/tags/{tag_id} */
import { createRoute } from "@hono/zod-openapi";
import { deleteTag } from "@/lib/audiences/tags";
import { withBusiness } from "../with-business";
import { BASE, errorResponsesWithConflict, TAG, tagParams } from "./schemas";

export const contract = createRoute({
  method: "delete",
  path: `${BASE}/tags/{tag_id}`,
  tags: [TAG],
  summary: "Delete a tag (it is taken off every profile); 409 while a segment names it",
  request: { params: tagParams },
  responses: { 204: { description: "Deleted" }, ...errorResponsesWithConflict },
});

export const deleteTagOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  await deleteTag(ctx, businessId, c.req.valid("param").tag_id);
  return c.body(null, 204);
});
