import { z } from "@hono/zod-openapi";
import { errorCodes } from "@/lib/errors";

/** The error body of docs/architecture.md rule 3, for the OpenAPI document. */
export const ErrorBody = z
  .object({
    error: z.object({
      code: z.enum(errorCodes).openapi({ example: "invalid_request" }),
      message: z.string().openapi({ example: "Invalid request: message.name: Required" }),
      details: z.array(z.object({ path: z.string(), message: z.string() })),
      requestId: z.string(),
    }),
  })
  .openapi("Error");

const errorContent = { "application/json": { schema: ErrorBody } };

/** Standard error responses to spread into a route's `responses`. */
export const errorResponses = {
  400: { description: "Parameters missing or invalid", content: errorContent },
  401: { description: "Credentials missing, invalid or for another business", content: errorContent },
  404: { description: "Not found", content: errorContent },
  429: {
    description:
      "The API key's rate limit (or the address's invalid-key limit) is exceeded: retry after Retry-After seconds",
    headers: { "Retry-After": { description: "Seconds to wait", schema: { type: "integer" } } },
    content: errorContent,
  },
  500: { description: "Internal error (generic message; details in the log)", content: errorContent },
} as const;

export const businessIdParam = z.object({
  business_id: z
    .string()
    .openapi({ param: { name: "business_id", in: "path" }, example: "0193b6f2-8c1a-7cde-9f00-1234567890ab" }),
});

export const tenantIdParam = z.object({
  tenant_id: z
    .string()
    .openapi({ param: { name: "tenant_id", in: "path" }, example: "0193b6f2-8c1a-7cde-9f00-1234567890ab" }),
});
