import { createRoute, z } from "@hono/zod-openapi";
import { listApiKeyRates } from "@/lib/api-keys/list-api-key-rates";
import { keyBurst, keyPerSecond } from "@/lib/api-keys/rate-schemas";
import { setApiKeyRate } from "@/lib/api-keys/set-api-key-rate";
import { systemCtx } from "@/lib/context";
import { errorResponses } from "../schemas";
import type { ApiApp } from "../types";
import { operatorAuth } from "./operator-auth";

const EXAMPLE_ID = "0193b6f2-8c1a-7cde-9f00-1234567890ab";
const businessParam = z.object({
  business_id: z.uuid().openapi({ param: { name: "business_id", in: "path" }, example: EXAMPLE_ID }),
});
const keyParams = businessParam.extend({
  key_id: z.uuid().openapi({ param: { name: "key_id", in: "path" }, example: EXAMPLE_ID }),
});

const ApiKeyRate = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().openapi({ example: "sb_live_AbC123" }),
    revoked: z.boolean(),
    perSecond: z
      .number()
      .int()
      .openapi({ description: "Requests per second in force; 0 = no limit", example: 1000 }),
    burst: z.number().int().openapi({ description: "Requests at once after an idle spell", example: 2000 }),
    ownPerSecond: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The key's own rate; null = API_RATE_LIMIT" }),
    ownBurst: z.number().int().nullable().openapi({ description: "The key's own burst; null = the default" }),
  })
  .openapi("ApiKeyRate");

const operatorErrors = {
  400: errorResponses[400],
  401: { ...errorResponses[401], description: "Operator secret missing or wrong" },
  404: { ...errorResponses[404], description: "No such business, or not a key of it" },
  503: { ...errorResponses[401], description: "OPERATOR_SECRET is not configured" },
};

const list = createRoute({
  method: "get",
  path: "/api/internal/business/{business_id}/keys",
  tags: ["Internal"],
  summary: "A business's API keys and their rate limits (operator)",
  middleware: [operatorAuth] as const,
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

const setRate = createRoute({
  method: "put",
  path: "/api/internal/business/{business_id}/keys/{key_id}/rate",
  tags: ["Internal"],
  summary: "Set or clear an API key's rate limit (operator)",
  description:
    "Requests per second for one key, shared by all instances; 0 turns the limit off for the key, null returns it to API_RATE_LIMIT / API_RATE_BURST. burst (optional) is the bucket size: null or absent means API_RATE_BURST at the default rate, else twice the key's rate. Other instances apply it within API_KEY_CACHE_SECONDS (5 s).",
  middleware: [operatorAuth] as const,
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

export function registerOperatorKeyRoutes(app: ApiApp): void {
  // GET /api/internal/business/{business_id}/keys (operator; not in the spec, see docs/decisions.md)
  app.openapi(list, async (c) => {
    const { business_id } = c.req.valid("param");
    const keys = await listApiKeyRates(systemCtx("operator-api"), business_id);
    return c.json({ businessId: business_id, keys }, 200);
  });

  // PUT /api/internal/business/{business_id}/keys/{key_id}/rate (operator; see docs/decisions.md)
  app.openapi(setRate, async (c) => {
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
}
