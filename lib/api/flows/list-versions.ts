/** A flow's published versions, newest first. GET /api/v3/flows/{business_id}/{flow_id}/versions */
import { createRoute, z } from "@hono/zod-openapi";
import { FlowDefinition } from "@/lib/flows/definition";
import { listFlowVersions } from "@/lib/flows/list-flow-versions";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, flowParams, json, TAG } from "./schemas";

const FlowVersion = z
  .object({
    version: z.number().int(),
    definition: FlowDefinition,
    publishedBy: z.string().openapi({ description: "user:<id> or api_key:<id>" }),
    createdAt: z.number().int().openapi({ description: "Epoch seconds" }),
  })
  .openapi("FlowVersion");

export const contract = createRoute({
  method: "get",
  path: `${BASE}/{flow_id}/versions`,
  tags: [TAG],
  summary: "The flow's published versions, newest first",
  request: { params: flowParams },
  responses: { 200: json(z.object({ versions: z.array(FlowVersion) }), "Versions"), ...errorResponses },
});

export const listFlowVersionsOperation = withBusiness({ contract }, async (c, { ctx, businessId }) =>
  c.json({ versions: await listFlowVersions(ctx, businessId, c.req.valid("param").flow_id) }, 200),
);
