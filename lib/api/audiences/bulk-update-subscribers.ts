/** One tag or attribute change for up to 10,000 subscribers. POST /api/v3/audiences/{business_id}/subscribers/bulk */
import { createRoute, z } from "@hono/zod-openapi";
import { BulkUpdateInput, bulkUpdateSubscribers } from "@/lib/audiences/bulk-update-subscribers";
import { withBusiness } from "../with-business";
import { BASE, body, businessParam, errorResponsesWithConflict, json, TAG } from "./schemas";

const BulkResult = z
  .object({
    total: z.number().int(),
    updated: z.number().int(),
    notFound: z.number().int(),
    invalid: z.number().int(),
    results: z
      .array(
        z.object({
          index: z.number().int().openapi({ description: "Its 0-based index in `phones`" }),
          phone: z.string().openapi({ description: "As sent" }),
          status: z.enum(["updated", "not_found", "invalid"]),
          reason: z.string().optional(),
        }),
      )
      .openapi({ description: "One outcome per number sent, in order" }),
  })
  .openapi("BulkAudienceResult");

export const contract = createRoute({
  method: "post",
  path: `${BASE}/subscribers/bulk`,
  tags: [TAG],
  summary: "Add or remove a tag, or set an attribute, for up to 10,000 subscribers (an outcome per number)",
  request: {
    params: businessParam,
    body: body(BulkUpdateInput, {
      examples: {
        addTag: { summary: "Add a tag", value: { action: "add_tag", tag: "VIP", phones: ["919810000001"] } },
        setAttribute: {
          summary: "Set an attribute (null removes it)",
          value: {
            action: "set_attribute",
            key: "plan",
            value: "Gold",
            phones: ["919810000001", "919810000002"],
          },
        },
      },
    }),
  },
  responses: { 200: json(BulkResult, "Every number's outcome"), ...errorResponsesWithConflict },
});

export const bulkUpdateSubscribersOperation = withBusiness({ contract }, async (c, { ctx, businessId }) =>
  c.json(await bulkUpdateSubscribers(ctx, businessId, c.req.valid("json")), 200),
);
