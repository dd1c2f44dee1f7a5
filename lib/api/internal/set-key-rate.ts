/**
 * Set or clear an API key's rate limit (operator; see docs/decisions/api-rate-limit.md).
 * PUT /api/internal/business/{business_id}/keys/{key_id}/rate
 */
import { createRoute, z } from "@hono/zod-openapi";
import { keyBurst, keyPerSecond } from "@/lib/api-keys/rate-schemas";
import { setApiKeyRate } from "@/lib/api-keys/set-api-key-rate";
import { systemCtx } from "@/lib/context";
import { ApiKeyRate, keyParams, operatorErrors } from "./key-schemas";
import { withOperator } from "./operator-auth";

export type SetKeyRateResponse = z.infer<typeof ApiKeyRate>;

export const contract = createRoute({
  method: "put",
  path: "/api/internal/business/{business_id}/keys/{key_id}/rate",
  tags: ["Internal"],
  summary: "Set or clear an API key's rate limit (operator)",
  description:
    "Requests per second for one key, shared by all instances; 0 turns the limit off for the key, null returns it to API_RATE_LIMIT / API_RATE_BURST. burst (optional) is the bucket size: null or absent means API_RATE_BURST at the default rate, else twice the key's rate. Other instances apply it within API_KEY_CACHE_SECONDS (5 s).",
  request: {
    params: keyParams,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({
            perSecond: keyPerSecond.nullable().openapi({
              description: "Whole requests per second; 0 = no limit; null = the default",
              example: 200,
            }),
            burst: keyBurst.nullable().optional().openapi({
              description: "Requests at once after an idle spell; null = the default",
              example: 400,
            }),
          }),
        },
      },
    },
  },
  responses: {
    200: {
      description: "The key with its new limit",
      content: { "application/json": { schema: ApiKeyRate } },
    },
    ...operatorErrors,
  },
});

export const setKeyRateOperation = withOperator({ contract }, async (c) => {
  const { business_id, key_id } = c.req.valid("param");
  const { perSecond, burst } = c.req.valid("json");
  const view = await setApiKeyRate(systemCtx("operator-api"), {
    businessId: business_id,
    keyId: key_id,
    perSecond,
    burst: burst ?? null,
  });
  return c.json(view, 200);
});
