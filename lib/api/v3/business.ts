import { createRoute, z } from "@hono/zod-openapi";
import { getBusiness } from "@/lib/businesses/list-businesses";
import { apiKeyAuth } from "../auth";
import { keyCtx } from "../key-ctx";
import { businessIdParam, errorResponses } from "../schemas";
import type { ApiApp } from "../types";

const Channel = z.object({
  channel: z.enum(["chatapp", "rcs"]),
  enabled: z.boolean(),
  provider: z.string(),
  phoneNumberIds: z.array(z.string()),
  agentId: z.string().nullable(),
});

const route = createRoute({
  method: "get",
  path: "/api/v3/business/{business_id}/channels",
  tags: ["Business"],
  summary: "The business's channels: enabled or not, provider, sender ids",
  middleware: [apiKeyAuth] as const,
  request: { params: businessIdParam },
  responses: {
    200: {
      description: "Channel settings",
      content: {
        "application/json": {
          schema: z.object({ businessId: z.string(), name: z.string(), channels: z.array(Channel) }),
        },
      },
    },
    ...errorResponses,
  },
});

export function registerBusinessRoutes(app: ApiApp): void {
  // GET /api/v3/business/{business_id}/channels (onboarding check; not in the spec, see docs/decisions.md)
  app.openapi(route, async (c) => {
    const b = await getBusiness(keyCtx(c), c.get("auth").businessId);
    return c.json({ businessId: b.id, name: b.name, channels: b.channels }, 200);
  });
}
