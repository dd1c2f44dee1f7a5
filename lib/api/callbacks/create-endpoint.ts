/**
 * Register a callback endpoint; the answer carries its signing secret (Events: registration; docs/callbacks.md).
 * POST /api/v3/callbacks/{business_id}/endpoints
 */
import { createRoute, z } from "@hono/zod-openapi";
import { createEndpoint } from "@/lib/callbacks/create-endpoint";
import { createEndpointInput } from "@/lib/callbacks/schemas";
import type { ResponseOf } from "../operation";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, body, businessParam, Endpoint, json, TAG } from "./schemas";

export type CreateEndpointRequest = z.input<typeof createEndpointInput>;

export const contract = createRoute({
  method: "post",
  path: `${BASE}/endpoints`,
  tags: [TAG],
  summary: "Register a callback endpoint; the answer carries its signing secret",
  request: { params: businessParam, body: body(createEndpointInput) },
  responses: {
    201: json(z.object({ endpoint: Endpoint, secret: z.string() }), "Created, with the signing secret"),
    ...errorResponses,
  },
});

export type CreateEndpointResponse = ResponseOf<typeof contract, 201>;

export const createEndpointOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  return c.json(await createEndpoint(ctx, businessId, c.req.valid("json")), 201);
});
