import { z } from "@hono/zod-openapi";
import { errorResponses } from "../schemas";

/** The answers of both RBM webhook operations. */
export const rbmResponses = {
  200: {
    description: "Accepted; for the verification POST, the secret echoed as plain text",
    content: {
      "application/json": { schema: z.object({ ok: z.boolean() }) },
      "text/plain": { schema: z.string() },
    },
  },
  ...errorResponses,
};
