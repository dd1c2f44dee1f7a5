/** Stops a run. POST /api/v3/flows/{business_id}/{flow_id}/runs/{run_id}/stop */
import { createRoute } from "@hono/zod-openapi";
import { stopRun } from "@/lib/flows/run-view";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, FlowRunWithSteps, json, runParams, TAG } from "./schemas";

export const contract = createRoute({
  method: "post",
  path: `${BASE}/{flow_id}/runs/{run_id}/stop`,
  tags: [TAG],
  summary: "Stops a run (an ended run is answered as it is); its pending timers then do nothing",
  request: { params: runParams },
  responses: { 200: json(FlowRunWithSteps, "The run after"), ...errorResponses },
});

export const stopFlowRunOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  const p = c.req.valid("param");
  return c.json(await stopRun(ctx, businessId, p.flow_id, p.run_id), 200);
});
