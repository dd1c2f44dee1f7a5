/**
 * D7: one RCS template.
 * GET /api/v2/resource/{business_id}/rcs/template?templateId=
 */
import { createRoute, z } from "@hono/zod-openapi";
import { getTemplate } from "@/lib/templates/get-template";
import { rcsAgentId, rcsRecord } from "@/lib/templates/template-records";
import { businessIdParam, errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { json, RcsRecordDoc } from "./schemas";

const query = z.object({ templateId: z.string().min(1, "Required") });
export type GetRcsTemplateRequest = z.input<typeof query>;
export type GetRcsTemplateResponse = z.infer<typeof RcsRecordDoc>;

export const contract = createRoute({
  method: "get",
  path: "/api/v2/resource/{business_id}/rcs/template",
  tags: ["Templates"],
  summary: "Get an RCS template",
  request: { params: businessIdParam, query },
  responses: { 200: json(RcsRecordDoc, "The template"), ...errorResponses },
});

export const getRcsTemplateOperation = withBusiness(
  { spec: "D7", contract },
  async (c, { ctx, businessId }) => {
    const templateId = c.req.valid("query").templateId;
    const t = await getTemplate(ctx, { businessId, templateId, channel: "rcs" });
    return c.json(rcsRecord(t, await rcsAgentId(ctx, businessId)), 200);
  },
);
