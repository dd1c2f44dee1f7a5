/**
 * A3: whether one number can receive RCS from the business's agent.
 * GET /api/v3/capability/{tenant_id}/rcs?subscriberId=
 */
import { createRoute, z } from "@hono/zod-openapi";
import { checkRcsCapability } from "@/lib/messages/send/check-rcs-capability";
import { errorResponses, tenantIdParam } from "../schemas";
import { withBusiness } from "../with-business";

const query = z.object({
  subscriberId: z
    .string()
    .trim()
    .min(1, "Required")
    .max(32)
    .openapi({ example: "+919876543210", description: "Phone with the country code ('+' optional)" }),
});
const RcsCapability = z.object({ capable: z.boolean() }).openapi("RcsCapability");
export type CheckRcsRequest = z.input<typeof query>;
export type CheckRcsResponse = z.infer<typeof RcsCapability>;

export const contract = createRoute({
  method: "get",
  path: "/api/v3/capability/{tenant_id}/rcs",
  tags: ["Messages"],
  summary: "RCS capability check (A3)",
  request: { params: tenantIdParam, query },
  responses: {
    200: {
      description: "Whether the subscriber can receive RCS from the business's agent",
      content: { "application/json": { schema: RcsCapability } },
    },
    ...errorResponses,
  },
});

export const checkRcsOperation = withBusiness({ spec: "A3", contract }, async (c, { ctx, businessId }) => {
  const { subscriberId } = c.req.valid("query");
  return c.json(await checkRcsCapability(ctx, businessId, subscriberId), 200);
});
