/** The business's flows. GET /api/v3/flows/{business_id} */
import { createRoute, z } from "@hono/zod-openapi";
import { listFlows } from "@/lib/flows/flow-store";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, businessParam, Flow, json, TAG } from "./schemas";

export const contract = createRoute({
  method: "get",
  path: BASE,
  tags: [TAG],
  summary: "List the business's flows",
  request: { params: businessParam },
  responses: { 200: json(z.object({ flows: z.array(Flow) }), "Flows by name"), ...errorResponses },
});

export const listFlowsOperation = withBusiness({ contract }, async (c, { ctx, businessId }) =>
  c.json({ flows: await listFlows(ctx, businessId) }, 200),
);
