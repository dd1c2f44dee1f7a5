/**
 * Reveal the endpoint's signing secret (Authentication 4: verifying callbacks; docs/callbacks.md).
 * GET /api/v3/callbacks/{business_id}/endpoints/{endpoint_id}/secret
 */
import { createRoute } from "@hono/zod-openapi";
import { revealSecret } from "@/lib/callbacks/reveal-secret";
import type { ResponseOf } from "../operation";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, endpointParams, json, Secret, TAG } from "./schemas";

export const contract = createRoute({
  method: "get",
  path: `${BASE}/endpoints/{endpoint_id}/secret`,
  tags: [TAG],
  summary: "Reveal the endpoint's signing secret",
  request: { params: endpointParams },
  responses: { 200: json(Secret, "The secret"), ...errorResponses },
});

export type RevealSecretResponse = ResponseOf<typeof contract>;

export const revealSecretOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  const secret = await revealSecret(ctx, businessId, c.req.valid("param").endpoint_id);
  return c.json({ secret }, 200);
});
