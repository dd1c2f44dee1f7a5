/**
 * The business's opt-outs, newest first (opt-outs; not in the spec).
 * GET /api/v3/optouts/{business_id}
 */
import { createRoute, z } from "@hono/zod-openapi";
import { listOptOuts } from "@/lib/promotions/opt-outs/list-opt-outs";
import { listOptOutsQuery } from "@/lib/promotions/opt-outs/schemas";
import { businessIdParam, errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { PATH } from "./opt-out-schemas";

const OptOutPage = z.object({
  optOuts: z.array(
    z.object({
      phone: z.string(),
      source: z.enum(["reply", "api", "dashboard", "import"]),
      createdAt: z.number().int(),
    }),
  ),
  totalItems: z.number().int(),
});
export type ListOptOutsRequest = z.input<typeof listOptOutsQuery>;
export type ListOptOutsResponse = z.infer<typeof OptOutPage>;

export const contract = createRoute({
  method: "get",
  path: PATH,
  tags: ["Promotions"],
  summary: "List the business's opt-outs",
  description: "Numbers that never receive promotions or campaigns, newest first; pages start at 0.",
  request: { params: businessIdParam, query: listOptOutsQuery },
  responses: {
    200: {
      description: "One page",
      content: {
        "application/json": {
          schema: OptOutPage,
        },
      },
    },
    ...errorResponses,
  },
});

export const listOptOutsOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  return c.json(await listOptOuts(ctx, businessId, c.req.valid("query")), 200);
});
