import { z } from "@hono/zod-openapi";
import { optOutPhonesInput } from "@/lib/promotions/opt-outs/schemas";
import { errorResponses } from "../schemas";

/** The opt-out list operations' path and shapes (not in the spec, docs/promotions.md). */
export const PATH = "/api/v3/optouts/{business_id}";
export const phonesBody = {
  required: true,
  content: { "application/json": { schema: optOutPhonesInput, example: { phones: ["919876543210"] } } },
} as const;
export const RefusedDoc = z.object({ index: z.number().int(), phone: z.string(), reason: z.string() });
export const changed = (field: "added" | "removed") =>
  ({
    200: {
      description: `How many numbers were ${field}, and the numbers that are not valid phone numbers`,
      content: {
        "application/json": {
          schema: z.object({ [field]: z.number().int(), invalid: z.array(RefusedDoc) }),
        },
      },
    },
    ...errorResponses,
  }) as const;
