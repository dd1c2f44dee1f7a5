/**
 * One callback endpoint (Events: registration; docs/callbacks.md).
 * GET /api/v3/callbacks/{business_id}/endpoints/{endpoint_id}
 */
import { createRoute } from "@hono/zod-openapi";
import { getEndpoint } from "@/lib/callbacks/list-endpoints";
import type { ResponseOf } from "../operation";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, Endpoint, endpointParams, json, TAG } from "./schemas";

export const contract = createRoute({
  method: "get",
  path: `${BASE}/endpoints/{endpoint_id}`,
  tags: [TAG],
  summary: "One callback endpoint",
  request: { params: endpointParams },
  responses: { 200: json(Endpoint, "Endpoint"), ...errorResponses },
});

export type GetEndpointResponse = ResponseOf<typeof contract>;

export const getEndpointOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  return c.json(await getEndpoint(ctx, businessId, c.req.valid("param").endpoint_id), 200);
});
