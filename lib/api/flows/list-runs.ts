/** A flow's runs. GET /api/v3/flows/{business_id}/{flow_id}/runs */
import { createRoute, z } from "@hono/zod-openapi";
import { listRuns } from "@/lib/flows/flow-store";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, flowParams, FlowRun, json, TAG } from "./schemas";

export const contract = createRoute({
  method: "get",
  path: `${BASE}/{flow_id}/runs`,
  tags: [TAG],
  summary: "A flow's runs, newest first (at most 100)",
  request: { params: flowParams },
  responses: { 200: json(z.object({ runs: z.array(FlowRun) }), "Runs"), ...errorResponses },
});

export const listFlowRunsOperation = withBusiness({ contract }, async (c, { ctx, businessId }) =>
  c.json({ runs: await listRuns(ctx, businessId, c.req.valid("param").flow_id) }, 200),
);
