/** Copy a flow's draft into a new flow. POST /api/v3/flows/{business_id}/{flow_id}/duplicate */
import { createRoute } from "@hono/zod-openapi";
import { duplicateFlow } from "@/lib/flows/duplicate-flow";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, Flow, flowParams, json, TAG } from "./schemas";

export const contract = createRoute({
  method: "post",
  path: `${BASE}/{flow_id}/duplicate`,
  tags: [TAG],
  summary: 'Copy the flow\'s draft into a new, unpublished flow named "<name> (copy)"',
  request: { params: flowParams },
  responses: { 201: json(Flow, "The copy"), ...errorResponses },
});

export const duplicateFlowOperation = withBusiness({ contract }, async (c, { ctx, businessId }) =>
  c.json(await duplicateFlow(ctx, businessId, c.req.valid("param").flow_id), 201),
);
