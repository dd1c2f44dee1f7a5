/**
 * Credential check: the key's business and key id (not in the spec, see docs/decisions/api-credentials-and-keys.md).
 * GET /api/v3/whoami
 */
import { createRoute, z } from "@hono/zod-openapi";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";

const WhoamiResponse = z.object({ businessId: z.string(), keyId: z.string() });
export type WhoamiResponse = z.infer<typeof WhoamiResponse>;

export const contract = createRoute({
  method: "get",
  path: "/api/v3/whoami",
  tags: ["Business"],
  summary: "Checks an API key: answers with its business and key id",
  responses: {
    200: { description: "The key is valid", content: { "application/json": { schema: WhoamiResponse } } },
    ...errorResponses,
  },
});

export const whoamiOperation = withBusiness({ contract }, (c, { businessId, keyId }) =>
  c.json({ businessId, keyId }, 200),
);
