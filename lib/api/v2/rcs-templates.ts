import { createRoute, z } from "@hono/zod-openapi";
import { createRcsTemplate } from "@/lib/templates/create-rcs-template";
import { getTemplate } from "@/lib/templates/get-template";
import { listTemplates } from "@/lib/templates/list-templates";
import { createRcsTemplateInput, listTemplatesQuery } from "@/lib/templates/schemas";
import { rcsAgentId, rcsRecord } from "@/lib/templates/template-records";
import { apiKeyAuth } from "../auth";
import { keyCtx } from "../key-ctx";
import { businessIdParam, errorResponses } from "../schemas";
import type { ApiApp } from "../types";

const status = z.enum(["PENDING", "APPROVED", "REJECTED"]);

const RcsRecordDoc = z
  .object({
    agentId: z.string().openapi({ example: "RCSTemplate:sim_agent_1234567890ab" }),
    rcsTemplateId: z.string(),
    messageTemplate: z.object({
      name: z.string(),
      language: z.string().openapi({ example: "en" }),
      components: z.array(z.unknown()),
      id: z.string(),
    }),
    rcsSpecificFields: z.object({ title: z.array(z.string()) }),
    rcsOutgoingMessage: z.null(),
    status,
    rejectionReason: z.string().nullable(),
    createdAt: z.string().openapi({ example: "2025-01-31T10:15:30.123Z" }),
    ttl: z.number().int().openapi({ example: 0 }),
  })
  .openapi("RcsTemplate");

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

const createRcs = createRoute({
  method: "post",
  path: "/api/v2/resource/{business_id}/rcs/template",
  tags: ["Templates"],
  summary: "Create an RCS rich-card template",
  middleware: [apiKeyAuth] as const,
  request: {
    params: businessIdParam,
    body: { required: true, content: { "application/json": { schema: createRcsTemplateInput } } },
  },
  responses: {
    200: json(
      z.object({
        id: z.string(),
        status,
        template: z.object({ name: z.string(), language: z.string(), id: z.string() }),
        rcsOutgoingMessage: z
          .record(z.string(), z.unknown())
          .openapi({ description: "Echo of the rich card" }),
        lintWarnings: z.array(z.object({ code: z.string(), path: z.string(), message: z.string() })),
      }),
      "Created, PENDING review",
    ),
    ...errorResponses,
    409: errorResponses[400],
  },
});

const listRcs = createRoute({
  method: "get",
  path: "/api/v2/resource/{business_id}/rcs/template/list",
  tags: ["Templates"],
  summary: "List RCS templates",
  middleware: [apiKeyAuth] as const,
  request: { params: businessIdParam, query: listTemplatesQuery.omit({ channel: true, category: true }) },
  responses: {
    200: json(
      z.object({ data: z.array(RcsRecordDoc), paging: z.object({ nextCursor: z.string().nullable() }) }),
      "RCS templates, newest first",
    ),
    ...errorResponses,
  },
});

const getRcs = createRoute({
  method: "get",
  path: "/api/v2/resource/{business_id}/rcs/template",
  tags: ["Templates"],
  summary: "Get an RCS template",
  middleware: [apiKeyAuth] as const,
  request: { params: businessIdParam, query: z.object({ templateId: z.string().min(1, "Required") }) },
  responses: { 200: json(RcsRecordDoc, "The template"), ...errorResponses },
});

export function registerRcsTemplateRoutes(app: ApiApp): void {
  // POST /api/v2/resource/{business_id}/rcs/template (D5)
  app.openapi(createRcs, async (c) => {
    const t = await createRcsTemplate(keyCtx(c), {
      businessId: c.get("auth").businessId,
      template: c.req.valid("json"),
    });
    return c.json(
      {
        id: t.id,
        status: t.status,
        template: { name: t.name, language: t.language, id: t.id },
        rcsOutgoingMessage: t.rcsCard as unknown as Record<string, unknown>,
        lintWarnings: t.lintWarnings,
      },
      200,
    );
  });

  // GET /api/v2/resource/{business_id}/rcs/template/list (D6)
  app.openapi(listRcs, async (c) => {
    const ctx = keyCtx(c);
    const businessId = c.get("auth").businessId;
    const [page, agentId] = await Promise.all([
      listTemplates(ctx, businessId, { ...c.req.valid("query"), channel: "rcs" }),
      rcsAgentId(ctx, businessId),
    ]);
    return c.json(
      { data: page.items.map((t) => rcsRecord(t, agentId)), paging: { nextCursor: page.nextCursor } },
      200,
    );
  });

  // GET /api/v2/resource/{business_id}/rcs/template?templateId= (D7)
  app.openapi(getRcs, async (c) => {
    const ctx = keyCtx(c);
    const businessId = c.get("auth").businessId;
    const t = await getTemplate(ctx, {
      businessId,
      templateId: c.req.valid("query").templateId,
      channel: "rcs",
    });
    return c.json(rcsRecord(t, await rcsAgentId(ctx, businessId)), 200);
  });
}
