import { z } from "@hono/zod-openapi";
import { businessIdParam, errorResponses, jsonBody } from "../schemas";

// The shared inbox for a CRM that runs its own (docs/conversations.md); not in the spec.
export const BASE = "/api/v3/conversations/{business_id}";
export const tags = ["Conversations"];
export const idParams = businessIdParam.extend({
  conversation_id: z.string().openapi({ param: { name: "conversation_id", in: "path" } }),
});
/** A required JSON body with its example. */
export const json = <S extends z.ZodType>(schema: S, example?: unknown) =>
  jsonBody(schema, example ? { example } : {});
export const ok = <S extends z.ZodType>(description: string, schema: S) => ({
  200: { description, content: { "application/json": { schema } } },
  ...errorResponses,
});
export const conflictDoc = {
  description: "Refused in the conversation's state",
  content: errorResponses[400].content,
};
