/** Create a subscriber tag. POST /api/v3/audiences/{business_id}/tags */
import { createRoute } from "@hono/zod-openapi";
import { TagInput } from "@/lib/audiences/schemas";
import { createTag } from "@/lib/audiences/tags";
import { withBusiness } from "../with-business";
import { BASE, body, businessParam, errorResponsesWithConflict, json, Tag, TAG } from "./schemas";

export const contract = createRoute({
  method: "post",
  path: `${BASE}/tags`,
  tags: [TAG],
  summary: "Create a tag (name unique per business whatever the case; colour a palette name or #rrggbb)",
  request: { params: businessParam, body: body(TagInput, { example: { name: "VIP", colour: "purple" } }) },
  responses: { 201: json(Tag, "Created"), ...errorResponsesWithConflict },
});

export const createTagOperation = withBusiness({ contract }, async (c, { ctx, businessId }) =>
  c.json(await createTag(ctx, businessId, c.req.valid("json")), 201),
);
