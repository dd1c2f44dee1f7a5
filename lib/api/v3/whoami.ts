import { createRoute, z } from "@hono/zod-openapi";
import { apiKeyAuth } from "../auth";
import { errorResponses } from "../schemas";
import type { ApiApp } from "../types";

const route = createRoute({
  method: "get",
  path: "/api/v3/whoami",
  tags: ["Business"],
  summary: "Checks an API key: answers with its business and key id",
  middleware: [apiKeyAuth] as const,
  responses: {
    200: {
      description: "The key is valid",
      content: {
        "application/json": { schema: z.object({ businessId: z.string(), keyId: z.string() }) },
      },
    },
    ...errorResponses,
  },
});

export function registerWhoamiRoutes(app: ApiApp): void {
  // GET /api/v3/whoami (credential check; not in the spec, see docs/decisions.md)
  app.openapi(route, (c) =>
    c.json({ businessId: c.get("auth").businessId, keyId: c.get("auth").keyId }, 200),
  );
}
