/** Publish the draft as the next version. POST /api/v3/flows/{business_id}/{flow_id}/publish */
import { createRoute } from "@hono/zod-openapi";
import { publishFlow } from "@/lib/flows/flow-store";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, Flow, flowParams, json, TAG } from "./schemas";

export const contract = createRoute({
  method: "post",
  path: `${BASE}/{flow_id}/publish`,
  tags: [TAG],
  summary: "Publish the draft as the next version: new runs start on it, runs in flight keep theirs",
  request: { params: flowParams },
  responses: { 200: json(Flow, "Published"), ...errorResponses },
});

export const publishFlowOperation = withBusiness({ contract }, async (c, { ctx, businessId }) =>
  c.json(await publishFlow(ctx, businessId, c.req.valid("param").flow_id), 200),
);
