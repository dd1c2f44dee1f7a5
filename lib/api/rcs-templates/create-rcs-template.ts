/**
 * D5: create an RCS rich-card template.
 * POST /api/v2/resource/{business_id}/rcs/template
 */
import { createRoute, z } from "@hono/zod-openapi";
import { createRcsTemplate } from "@/lib/templates/create-rcs-template";
import { createRcsTemplateInput } from "@/lib/templates/rcs-schemas";
import { businessIdParam, errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { json, status } from "./schemas";

const CreatedRcs = z.object({
  id: z.string(),
  status,
  template: z.object({ name: z.string(), language: z.string(), id: z.string() }),
  rcsOutgoingMessage: z.record(z.string(), z.unknown()).openapi({ description: "Echo of the rich card" }),
  lintWarnings: z.array(z.object({ code: z.string(), path: z.string(), message: z.string() })),
});
export type CreateRcsTemplateRequest = z.input<typeof createRcsTemplateInput>;
export type CreateRcsTemplateResponse = z.infer<typeof CreatedRcs>;

export const contract = createRoute({
  method: "post",
  path: "/api/v2/resource/{business_id}/rcs/template",
  tags: ["Templates"],
  summary: "Create an RCS rich-card template",
  request: {
    params: businessIdParam,
    body: { required: true, content: { "application/json": { schema: createRcsTemplateInput } } },
  },
  responses: {
    200: json(CreatedRcs, "Created, PENDING review"),
    ...errorResponses,
    409: errorResponses[400],
  },
});

export const createRcsTemplateOperation = withBusiness(
  { spec: "D5", contract },
  async (c, { ctx, businessId }) => {
    const t = await createRcsTemplate(ctx, { businessId, template: c.req.valid("json") });
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
  },
);
