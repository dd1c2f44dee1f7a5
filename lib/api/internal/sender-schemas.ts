import { z } from "@hono/zod-openapi";
import { errorResponses } from "../schemas";

/** The operator's sender-rate operations' path parameters and errors. */
const EXAMPLE_ID = "0193b6f2-8c1a-7cde-9f00-1234567890ab";
export const businessParam = z.object({
  business_id: z.uuid().openapi({ param: { name: "business_id", in: "path" }, example: EXAMPLE_ID }),
});
export const senderParams = businessParam.extend({
  sender: z
    .string()
    .min(1)
    .max(128)
    .openapi({
      param: { name: "sender", in: "path" },
      description: "phoneNumberId or RCS agent id",
      example: "1055",
    }),
});

export const operatorErrors = {
  400: errorResponses[400],
  401: { ...errorResponses[401], description: "Operator secret missing or wrong" },
  404: { ...errorResponses[404], description: "No such business, or not a sender of it" },
  503: { ...errorResponses[401], description: "OPERATOR_SECRET is not configured" },
};
