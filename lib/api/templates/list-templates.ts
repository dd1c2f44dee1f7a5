/**
 * D3: list chatapp templates, newest first.
 * GET /api/v1/template/{business_id}
 */
import { createRoute, z } from "@hono/zod-openapi";
import { listTemplates } from "@/lib/templates/list-templates";
import { listTemplatesQuery } from "@/lib/templates/schemas";
import { chatappRecord } from "@/lib/templates/template-records";
import { businessIdParam, errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { ChatappRecordDoc, json } from "./schemas";

const query = listTemplatesQuery.omit({ channel: true });
export type ListTemplatesRequest = z.input<typeof query>;
export type ListTemplatesResponse = {
  data: Array<z.infer<typeof ChatappRecordDoc>>;
  paging: { nextCursor: string | null };
};

export const contract = createRoute({
  method: "get",
  path: "/api/v1/template/{business_id}",
  tags: ["Templates"],
  summary: "List chatapp templates",
  request: { params: businessIdParam, query },
  responses: {
    200: json(
      z.object({
        data: z.array(ChatappRecordDoc),
        paging: z.object({ nextCursor: z.string().nullable() }),
      }),
      "Templates, newest first; pass paging.nextCursor as cursor for the next page",
    ),
    ...errorResponses,
  },
});

export const listTemplatesOperation = withBusiness(
  { spec: "D3", contract },
  async (c, { ctx, businessId }) => {
    const page = await listTemplates(ctx, businessId, { ...c.req.valid("query"), channel: "chatapp" });
    const origin = new URL(c.req.url).origin;
    return c.json(
      { data: page.items.map((t) => chatappRecord(t, origin)), paging: { nextCursor: page.nextCursor } },
      200,
    );
  },
);
