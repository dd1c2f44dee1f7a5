/** Create a flow with its draft definition. POST /api/v3/flows/{business_id} */
import { createRoute } from "@hono/zod-openapi";
import { createFlow } from "@/lib/flows/flow-store";
import { FlowInput } from "@/lib/flows/flow-schemas";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, body, businessParam, Flow, json, TAG } from "./schemas";

export const contract = createRoute({
  method: "post",
  path: BASE,
  tags: [TAG],
  summary: "Create a flow (a draft: it runs once published)",
  request: { params: businessParam, body: body(FlowInput) },
  responses: { 201: json(Flow, "Created"), ...errorResponses },
});

export const createFlowOperation = withBusiness({ contract }, async (c, { ctx, businessId }) =>
  c.json(await createFlow(ctx, businessId, c.req.valid("json")), 201),
);
