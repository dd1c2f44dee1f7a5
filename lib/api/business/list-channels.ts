/**
 * The business's channels: enabled or not, provider, sender ids (onboarding check; not in the
 * spec, see docs/decisions/api-credentials-and-keys.md).
 * GET /api/v3/business/{business_id}/channels
 */
import { createRoute, z } from "@hono/zod-openapi";
import { getBusiness } from "@/lib/businesses/list-businesses";
import { businessIdParam, errorResponses } from "../schemas";
import { withBusiness } from "../with-business";

const Channel = z.object({
  channel: z.enum(["chatapp", "rcs"]),
  enabled: z.boolean(),
  provider: z.string(),
  phoneNumberIds: z.array(z.string()),
  agentId: z.string().nullable(),
});
const ChannelsResponse = z.object({ businessId: z.string(), name: z.string(), channels: z.array(Channel) });
export type ChannelsResponse = z.infer<typeof ChannelsResponse>;

export const contract = createRoute({
  method: "get",
  path: "/api/v3/business/{business_id}/channels",
  tags: ["Business"],
  summary: "The business's channels: enabled or not, provider, sender ids",
  request: { params: businessIdParam },
  responses: {
    200: { description: "Channel settings", content: { "application/json": { schema: ChannelsResponse } } },
    ...errorResponses,
  },
});

export const listChannelsOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  const b = await getBusiness(ctx, businessId);
  return c.json({ businessId: b.id, name: b.name, channels: b.channels }, 200);
});
