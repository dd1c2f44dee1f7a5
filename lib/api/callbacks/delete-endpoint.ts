/**
 * Delete an endpoint with its delivery log (Events: registration; docs/callbacks.md).
 * DELETE /api/v3/callbacks/{business_id}/endpoints/{endpoint_id}
 */
import { createRoute } from "@hono/zod-openapi";
import { deleteEndpoint } from "@/lib/callbacks/delete-endpoint";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, endpointParams, TAG } from "./schemas";

export const contract = createRoute({
  method: "delete",
  path: `${BASE}/endpoints/{endpoint_id}`,
  tags: [TAG],
  summary: "Delete an endpoint with its delivery log",
  request: { params: endpointParams },
  responses: { 204: { description: "Deleted" }, ...errorResponses },
});

export const deleteEndpointOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  await deleteEndpoint(ctx, businessId, c.req.valid("param").endpoint_id);
  return c.body(null, 204);
});
