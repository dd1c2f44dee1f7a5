import { z } from "@hono/zod-openapi";
import { errorResponses } from "../schemas";

/** The operator's key-rate operations' path parameters, answer and errors. */
const EXAMPLE_ID = "0193b6f2-8c1a-7cde-9f00-1234567890ab";
export const businessParam = z.object({
  business_id: z.uuid().openapi({ param: { name: "business_id", in: "path" }, example: EXAMPLE_ID }),
});
export const keyParams = businessParam.extend({
  key_id: z.uuid().openapi({ param: { name: "key_id", in: "path" }, example: EXAMPLE_ID }),
});

export const ApiKeyRate = z
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

export const operatorErrors = {
  400: errorResponses[400],
  401: { ...errorResponses[401], description: "Operator secret missing or wrong" },
  404: { ...errorResponses[404], description: "No such business, or not a key of it" },
  503: { ...errorResponses[401], description: "OPERATOR_SECRET is not configured" },
};
