/** Change an attribute's label, choices or type. PATCH /api/v3/audiences/{business_id}/attributes/{key} */
import { createRoute } from "@hono/zod-openapi";
import { updateAttributeDefinition } from "@/lib/audiences/update-attribute-definition";
import { AttributeDefinitionUpdate } from "@/lib/audiences/schemas";
import { withBusiness } from "../with-business";
import {
  AttributeDefinition,
  attributeParams,
  BASE,
  body,
  errorResponsesWithConflict,
  json,
  TAG,
} from "./schemas";

export const contract = createRoute({
  method: "patch",
  path: `${BASE}/attributes/{key}`,
  tags: [TAG],
  summary:
    "Change an attribute's label, choices or type (409 while profiles hold values the change would not fit)",
  request: {
    params: attributeParams,
    body: body(AttributeDefinitionUpdate, {
      example: { label: "Plan", choices: ["Gold", "Silver", "Bronze"] },
    }),
  },
  responses: { 200: json(AttributeDefinition, "Updated"), ...errorResponsesWithConflict },
});

export const updateAttributeOperation = withBusiness({ contract }, async (c, { ctx, businessId }) =>
  c.json(
    await updateAttributeDefinition(ctx, businessId, c.req.valid("param").key, c.req.valid("json")),
    200,
  ),
);
