/**
 * D6: list RCS templates, newest first.
 * GET /api/v2/resource/{business_id}/rcs/template/list
 */
import { createRoute, z } from "@hono/zod-openapi";
import { listTemplates } from "@/lib/templates/list-templates";
import { listTemplatesQuery } from "@/lib/templates/schemas";
import { rcsAgentId, rcsRecord } from "@/lib/templates/template-records";
import { businessIdParam, errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { json, RcsRecordDoc } from "./schemas";

const query = listTemplatesQuery.omit({ channel: true, category: true });
export type ListRcsTemplatesRequest = z.input<typeof query>;
export type ListRcsTemplatesResponse = {
  data: Array<z.infer<typeof RcsRecordDoc>>;
  paging: { nextCursor: string | null };
};

export const contract = createRoute({
  method: "get",
  path: "/api/v2/resource/{business_id}/rcs/template/list",
  tags: ["Templates"],
  summary: "List RCS templates",
  request: { params: businessIdParam, query },
  responses: {
    200: json(
      z.object({ data: z.array(RcsRecordDoc), paging: z.object({ nextCursor: z.string().nullable() }) }),
      "RCS templates, newest first",
    ),
    ...errorResponses,
  },
});

export const listRcsTemplatesOperation = withBusiness(
  { spec: "D6", contract },
  async (c, { ctx, businessId }) => {
    const [page, agentId] = await Promise.all([
      listTemplates(ctx, businessId, { ...c.req.valid("query"), channel: "rcs" }),
      rcsAgentId(ctx, businessId),
    ]);
    return c.json(
      { data: page.items.map((t) => rcsRecord(t, agentId)), paging: { nextCursor: page.nextCursor } },
      200,
    );
  },
);
