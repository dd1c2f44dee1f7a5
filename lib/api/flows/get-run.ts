/** One run with its steps. GET /api/v3/flows/{business_id}/{flow_id}/runs/{run_id} */
import { createRoute } from "@hono/zod-openapi";
import { getRun } from "@/lib/flows/run-view";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, FlowRunWithSteps, json, runParams, TAG } from "./schemas";

export const contract = createRoute({
  method: "get",
  path: `${BASE}/{flow_id}/runs/{run_id}`,
  tags: [TAG],
  summary: "One run of a flow with its steps in order",
  request: { params: runParams },
  responses: { 200: json(FlowRunWithSteps, "The run"), ...errorResponses },
});

export const getFlowRunOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  const p = c.req.valid("param");
  return c.json(await getRun(ctx, businessId, p.flow_id, p.run_id), 200);
});
