import { createRoute, z } from "@hono/zod-openapi";
import { addOptOuts } from "@/lib/promotions/opt-outs/add-opt-outs";
import { listOptOuts } from "@/lib/promotions/opt-outs/list-opt-outs";
import { normalisePhones } from "@/lib/promotions/opt-outs/normalise-phones";
import { removeOptOuts } from "@/lib/promotions/opt-outs/remove-opt-outs";
import { listOptOutsQuery, optOutPhonesInput } from "@/lib/promotions/opt-outs/schemas";
import { apiKeyAuth } from "../auth";
import { keyScope } from "../key-ctx";
import { businessIdParam, errorResponses } from "../schemas";
import type { ApiApp } from "../types";

const PATH = "/api/v3/optouts/{business_id}";
const phonesBody = {
  required: true,
  content: { "application/json": { schema: optOutPhonesInput, example: { phones: ["919876543210"] } } },
} as const;
const RefusedDoc = z.object({ index: z.number().int(), phone: z.string(), reason: z.string() });
const changed = (field: "added" | "removed") =>
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

const list = createRoute({
  method: "get",
  path: PATH,
  tags: ["Promotions"],
  summary: "List the business's opt-outs",
  description: "Numbers that never receive promotions or campaigns, newest first; pages start at 0.",
  middleware: [apiKeyAuth] as const,
  request: { params: businessIdParam, query: listOptOutsQuery },
  responses: {
    200: {
      description: "One page",
      content: {
        "application/json": {
          schema: z.object({
            optOuts: z.array(
              z.object({
                phone: z.string(),
                source: z.enum(["reply", "api", "dashboard", "import"]),
                createdAt: z.number().int(),
              }),
            ),
            totalItems: z.number().int(),
          }),
        },
      },
    },
    ...errorResponses,
  },
});

const add = createRoute({
  method: "post",
  path: PATH,
  tags: ["Promotions"],
  summary: "Add numbers to the opt-out list",
  description: "Up to 1,000 numbers (with country code, or national with the business's default country).",
  middleware: [apiKeyAuth] as const,
  request: { params: businessIdParam, body: phonesBody },
  responses: changed("added"),
});

const remove = createRoute({
  method: "delete",
  path: PATH,
  tags: ["Promotions"],
  summary: "Remove numbers from the opt-out list",
  description: "The customer opted back in: later promotions send to them again.",
  middleware: [apiKeyAuth] as const,
  request: { params: businessIdParam, body: phonesBody },
  responses: changed("removed"),
});

export function registerOptOutRoutes(app: ApiApp): void {
  // GET /api/v3/optouts/{business_id} (opt-outs; not in the spec)
  app.openapi(list, async (c) => {
    const { ctx, businessId } = keyScope(c);
    return c.json(await listOptOuts(ctx, businessId, c.req.valid("query")), 200);
  });

  // POST /api/v3/optouts/{business_id} (opt-outs; not in the spec)
  app.openapi(add, async (c) => {
    const { ctx, businessId } = keyScope(c);
    const { valid, refused } = await normalisePhones(ctx, businessId, c.req.valid("json").phones);
    const added = (await addOptOuts(ctx, { businessId, phones: valid, source: "api" })).length;
    return c.json({ added, invalid: refused }, 200);
  });

  // DELETE /api/v3/optouts/{business_id} (opt-outs; not in the spec)
  app.openapi(remove, async (c) => {
    const { ctx, businessId } = keyScope(c);
    const { valid, refused } = await normalisePhones(ctx, businessId, c.req.valid("json").phones);
    const removed = await removeOptOuts(ctx, { businessId, phones: valid });
    return c.json({ removed, invalid: refused }, 200);
  });
}
