/** Rename or recolour a tag. PATCH /api/v3/audiences/{business_id}/tags/{tag_id} */
import { createRoute } from "@hono/zod-openapi";
import { TagUpdate } from "@/lib/audiences/schemas";
import { updateTag } from "@/lib/audiences/tags";
import { withBusiness } from "../with-business";
import { BASE, body, errorResponsesWithConflict, json, Tag, TAG, tagParams } from "./schemas";

export const contract = createRoute({
  method: "patch",
  path: `${BASE}/tags/{tag_id}`,
  tags: [TAG],
  summary:
    "Rename or recolour a tag (its profiles keep it; the segments naming it are rewritten to the new name)",
  request: {
    params: tagParams,
    body: body(TagUpdate, { example: { name: "VIP customers", colour: "#7c3aed" } }),
  },
  responses: { 200: json(Tag, "Updated"), ...errorResponsesWithConflict },
});

export const updateTagOperation = withBusiness({ contract }, async (c, { ctx, businessId }) =>
  c.json(await updateTag(ctx, businessId, c.req.valid("param").tag_id, c.req.valid("json")), 200),
);
