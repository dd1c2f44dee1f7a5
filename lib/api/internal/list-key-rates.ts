/**
 * A business's API keys and their rate limits (operator; not in the spec, see docs/decisions/api-rate-limit.md).
 * GET /api/internal/business/{business_id}/keys
 */
import { createRoute, z } from "@hono/zod-openapi";
import { listApiKeyRates } from "@/lib/api-keys/list-api-key-rates";
import { systemCtx } from "@/lib/context";
import { ApiKeyRate, businessParam, operatorErrors } from "./key-schemas";
import type { ResponseOf } from "../operation";
import { withOperator } from "./operator-auth";

export const contract = createRoute({
  method: "get",
  path: "/api/internal/business/{business_id}/keys",
  tags: ["Internal"],
  summary: "A business's API keys and their rate limits (operator)",
  request: { params: businessParam },
  responses: {
    200: {
      description: "The keys, newest first",
      content: {
        "application/json": {
          schema: z.object({ businessId: z.string(), keys: z.array(ApiKeyRate) }).openapi("ApiKeyRateList"),
        },
      },
    },
    ...operatorErrors,
  },
});

export type ListKeyRatesResponse = ResponseOf<typeof contract>;

export const listKeyRatesOperation = withOperator({ contract }, async (c) => {
  const { business_id } = c.req.valid("param");
  const keys = await listApiKeyRates(systemCtx("operator-api"), business_id);
  return c.json({ businessId: business_id, keys }, 200);
});
