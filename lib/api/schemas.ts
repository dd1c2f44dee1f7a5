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

export const idempotencyHeaders = z.object({
  "idempotency-key": z.string().optional().openapi({
    description:
      "Optional. Same key and body within 24 h: the first response is returned (header Idempotent-Replayed: true) and nothing is sent again. Same key, other body: 422. First request still running: 409.",
    example: "order-4711-confirmation",
  }),
});

export const SendResponseDoc = z
  .object({
    transactionId: z.string().openapi({ example: "0193b6f2-8c1a-7cde-9f00-1234567890ab" }),
    messageId: z.string().openapi({ example: "0193b6f2-8c1b-7000-8000-1234567890ab" }),
  })
  .openapi("SendResponse");

/**
 * Responses of a send route whose 200 is `schema` (spreading and then overriding 200 would turn
 * the status keys into strings, and the handler's reply would no longer be type-checked).
 */
export function sendResponsesOf<S extends z.ZodType>(schema: S) {
  return {
    200: { description: "Stored and queued for dispatch", content: { "application/json": { schema } } },
    ...errorResponses,
    409: {
      description: "A request with this Idempotency-Key is still running",
      content: errorResponses[400].content,
    },
    422: { description: "Idempotency-Key reused with another body", content: errorResponses[400].content },
  } as const;
}

/** Responses of every send route answering one message. */
export const sendResponses = sendResponsesOf(SendResponseDoc);

/**
 * A required JSON request body: its schema and, as the OpenAPI document shows it, an
 * `example` or named `examples`.
 */
export const jsonBody = <S extends z.ZodType>(
  schema: S,
  sample: { example?: unknown; examples?: Record<string, { summary: string; value: unknown }> } = {},
) => ({ required: true, content: { "application/json": { schema, ...sample } } });

/** A JSON response's documentation: what it is and its schema. */
export const jsonResponse = <S extends z.ZodType>(schema: S, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
