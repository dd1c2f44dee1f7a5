/** Add and remove a subscriber's tags by name. PATCH /api/v3/audiences/{business_id}/subscribers/{phone}/tags */
import { createRoute, z } from "@hono/zod-openapi";
import { changeSubscriberTags } from "@/lib/audiences/subscriber-audience";
import { withBusiness } from "../with-business";
import {
  BASE,
  body,
  errorResponsesWithConflict,
  json,
  SubscriberAudience,
  subscriberParams,
  TAG,
} from "./schemas";

const TagChange = z.object({
  add: z
    .array(z.string())
    .optional()
    .openapi({ description: "Tag names to add; an unknown name creates the tag" }),
  remove: z.array(z.string()).optional().openapi({ description: "Tag names to remove" }),
});

export const contract = createRoute({
  method: "patch",
  path: `${BASE}/subscribers/{phone}/tags`,
  tags: [TAG],
  summary: "Add and remove a subscriber's tags by name (unknown names to add are created)",
  request: {
    params: subscriberParams,
    body: body(TagChange, { example: { add: ["VIP"], remove: ["Trial"] } }),
  },
  responses: {
    200: json(SubscriberAudience, "The subscriber after the change"),
    ...errorResponsesWithConflict,
  },
});

export const changeSubscriberTagsOperation = withBusiness({ contract }, async (c, { ctx, businessId }) =>
  c.json(await changeSubscriberTags(ctx, businessId, c.req.valid("param").phone, c.req.valid("json")), 200),
);
