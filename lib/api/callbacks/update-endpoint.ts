/**
 * Change url, description, events or enabled (Events: registration; docs/callbacks.md).
 * PATCH /api/v3/callbacks/{business_id}/endpoints/{endpoint_id}
 */
import { createRoute, z } from "@hono/zod-openapi";
import { updateEndpoint } from "@/lib/callbacks/update-endpoint";
import { updateEndpointInput } from "@/lib/callbacks/schemas";
import type { ResponseOf } from "../operation";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, body, Endpoint, endpointParams, json, TAG } from "./schemas";

export type UpdateEndpointRequest = z.input<typeof updateEndpointInput>;

export const contract = createRoute({
  method: "patch",
  path: `${BASE}/endpoints/{endpoint_id}`,
  tags: [TAG],
  summary: "Change url, description, events or enabled",
  request: { params: endpointParams, body: body(updateEndpointInput) },
  responses: { 200: json(Endpoint, "Updated endpoint"), ...errorResponses },
});

export type UpdateEndpointResponse = ResponseOf<typeof contract>;

export const updateEndpointOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  const id = c.req.valid("param").endpoint_id;
  return c.json(await updateEndpoint(ctx, businessId, id, c.req.valid("json")), 200);
});
