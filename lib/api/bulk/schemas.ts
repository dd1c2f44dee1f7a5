import { z } from "@hono/zod-openapi";
import { businessIdParam } from "../schemas";

/** The path of B2 and B3: the business and the transaction B1 (or A1 ... A5) answered. */
export const statusParams = businessIdParam.extend({
  transaction_id: z.string().openapi({
    param: { name: "transaction_id", in: "path" },
    example: "0193b6f2-8c1a-7cde-9f00-1234567890ab",
  }),
});
