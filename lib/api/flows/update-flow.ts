/** Change a flow's name, enabled or draft. PATCH /api/v3/flows/{business_id}/{flow_id} */
import { createRoute } from "@hono/zod-openapi";
import { updateFlow } from "@/lib/flows/flow-store";
import { FlowUpdate } from "@/lib/flows/flow-schemas";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, body, Flow, flowParams, json, TAG } from "./schemas";

export const contract = createRoute({
  method: "patch",
  path: `${BASE}/{flow_id}`,
  tags: [TAG],
  summary: "Change a flow's name, enabled or draft (what runs changes on publish)",
  request: { params: flowParams, body: body(FlowUpdate) },
  responses: { 200: json(Flow, "Updated"), ...errorResponses },
});

export const updateFlowOperation = withBusiness({ contract }, async (c, { ctx, businessId }) =>
  c.json(await updateFlow(ctx, businessId, c.req.valid("param").flow_id, c.req.valid("json")), 200),
);
