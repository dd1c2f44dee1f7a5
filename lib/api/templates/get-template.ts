/**
 * D4: one chatapp template, with its usage counters when asked.
 * GET /api/v1/template/id/{business_id}?templateId=&analytics=true
 */
import { createRoute, z } from "@hono/zod-openapi";
import { getTemplate, getTemplateUsage } from "@/lib/templates/get-template";
import { chatappRecord } from "@/lib/templates/template-records";
import { businessIdParam, errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { ChatappRecordDoc, json } from "./schemas";

const query = z.object({
  templateId: z.string().min(1, "Required"),
  analytics: z.enum(["true", "false"]).optional().openapi({ description: "true adds usage counters" }),
});
export type GetTemplateRequest = z.input<typeof query>;
export type GetTemplateResponse = z.infer<typeof ChatappRecordDoc>;

export const contract = createRoute({
  method: "get",
  path: "/api/v1/template/id/{business_id}",
  tags: ["Templates"],
  summary: "Get a chatapp template",
  request: {
    params: businessIdParam,
    query,
  },
  responses: { 200: json(ChatappRecordDoc, "The template"), ...errorResponses },
});

export const getTemplateOperation = withBusiness({ spec: "D4", contract }, async (c, { ctx, businessId }) => {
  const q = c.req.valid("query");
  const t = await getTemplate(ctx, { businessId, templateId: q.templateId, channel: "chatapp" });
  const record = chatappRecord(t, new URL(c.req.url).origin);
  if (q.analytics === "true") record.analytics = await getTemplateUsage(ctx, businessId, t.id);
  return c.json(record, 200);
});
