/** One flow with its draft. GET /api/v3/flows/{business_id}/{flow_id} */
import { createRoute } from "@hono/zod-openapi";
import { getFlow } from "@/lib/flows/flow-store";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, Flow, flowParams, json, TAG } from "./schemas";

export const contract = createRoute({
  method: "get",
  path: `${BASE}/{flow_id}`,
  tags: [TAG],
  summary: "One flow, with its draft (the export format)",
  request: { params: flowParams },
  responses: { 200: json(Flow, "Flow"), ...errorResponses },
});

export const getFlowOperation = withBusiness({ contract }, async (c, { ctx, businessId }) =>
  c.json(await getFlow(ctx, businessId, c.req.valid("param").flow_id), 200),
);
