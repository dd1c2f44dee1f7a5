/** Delete a flow with its versions and runs. DELETE /api/v3/flows/{business_id}/{flow_id} */
import { createRoute } from "@hono/zod-openapi";
import { deleteFlow } from "@/lib/flows/delete-flow";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, flowParams, TAG } from "./schemas";

export const contract = createRoute({
  method: "delete",
  path: `${BASE}/{flow_id}`,
  tags: [TAG],
  summary: "Delete a flow with its versions and runs",
  request: { params: flowParams },
  responses: { 204: { description: "Deleted" }, ...errorResponses },
});

export const deleteFlowOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  await deleteFlow(ctx, businessId, c.req.valid("param").flow_id);
  return c.body(null, 204);
});
