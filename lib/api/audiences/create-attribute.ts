/** Define a custom attribute. POST /api/v3/audiences/{business_id}/attributes */
import { createRoute } from "@hono/zod-openapi";
import { createAttributeDefinition } from "@/lib/audiences/attribute-definitions";
import { AttributeDefinitionInput } from "@/lib/audiences/schemas";
import { withBusiness } from "../with-business";
import {
  AttributeDefinition,
  BASE,
  body,
  businessParam,
  errorResponsesWithConflict,
  json,
  TAG,
} from "./schemas";

export const contract = createRoute({
  method: "post",
  path: `${BASE}/attributes`,
  tags: [TAG],
  summary: "Define a custom attribute: key, label and type (text, number, date, boolean, choice)",
  request: {
    params: businessParam,
    body: body(AttributeDefinitionInput, {
      examples: {
        choice: {
          summary: "One of a list",
          value: { key: "plan", label: "Plan", type: "choice", choices: ["Gold", "Silver"] },
        },
        date: { summary: "A date", value: { key: "renewal", label: "Renewal date", type: "date" } },
      },
    }),
  },
  responses: { 201: json(AttributeDefinition, "Created"), ...errorResponsesWithConflict },
});

export const createAttributeOperation = withBusiness({ contract }, async (c, { ctx, businessId }) =>
  c.json(await createAttributeDefinition(ctx, businessId, c.req.valid("json")), 201),
);
