import { createRoute, z } from "@hono/zod-openapi";
import { checkRcsCapability } from "@/lib/messages/send/check-rcs-capability";
import { apiKeyAuth } from "../auth";
import { keyCtx } from "../key-ctx";
import { errorResponses, tenantIdParam } from "../schemas";
import type { ApiApp } from "../types";

const a3 = createRoute({
  method: "get",
  path: "/api/v3/capability/{tenant_id}/rcs",
  tags: ["Messages"],
  summary: "RCS capability check (A3)",
  middleware: [apiKeyAuth] as const,
  request: {
    params: tenantIdParam,
    query: z.object({
      subscriberId: z
        .string()
        .trim()
        .min(1, "Required")
        .max(32)
        .openapi({ example: "+919876543210", description: "Phone with the country code ('+' optional)" }),
    }),
  },
  responses: {
    200: {
      description: "Whether the subscriber can receive RCS from the business's agent",
      content: {
        "application/json": { schema: z.object({ capable: z.boolean() }).openapi("RcsCapability") },
      },
    },
    ...errorResponses,
  },
});

export function registerCapabilityRoutes(app: ApiApp): void {
  // GET /api/v3/capability/{tenant_id}/rcs?subscriberId= (A3)
  app.openapi(a3, async (c) => {
    const { subscriberId } = c.req.valid("query");
    return c.json(await checkRcsCapability(keyCtx(c), c.get("auth").businessId, subscriberId), 200);
  });
}
