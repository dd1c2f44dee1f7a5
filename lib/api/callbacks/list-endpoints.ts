/**
 * List the business's callback endpoints (Events: registration; docs/callbacks.md).
 * GET /api/v3/callbacks/{business_id}/endpoints
 */
import { createRoute, z } from "@hono/zod-openapi";
import { listEndpoints } from "@/lib/callbacks/list-endpoints";
import type { ResponseOf } from "../operation";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, businessParam, Endpoint, json, TAG } from "./schemas";

export const contract = createRoute({
  method: "get",
  path: `${BASE}/endpoints`,
  tags: [TAG],
  summary: "List the business's callback endpoints",
  request: { params: businessParam },
  responses: { 200: json(z.object({ endpoints: z.array(Endpoint) }), "Endpoints"), ...errorResponses },
});

export type ListEndpointsResponse = ResponseOf<typeof contract>;

export const listEndpointsOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  return c.json({ endpoints: await listEndpoints(ctx, businessId) }, 200);
});
