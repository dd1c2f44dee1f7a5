/**
 * Replace the signing secret; the old one keeps signing too for a grace period (24 h by default) (Authentication 4; docs/callbacks.md).
 * POST /api/v3/callbacks/{business_id}/endpoints/{endpoint_id}/rotate-secret
 */
import { createRoute, z } from "@hono/zod-openapi";
import { rotateSecret } from "@/lib/callbacks/rotate-secret";
import { rotateSecretInput } from "@/lib/callbacks/schemas";
import { emptyBodyAsObject } from "../empty-body";
import type { ResponseOf } from "../operation";
import { errorResponses } from "../schemas";
import { withBusiness } from "../with-business";
import { BASE, endpointParams, json, RotatedSecret, TAG } from "./schemas";

export type RotateSecretRequest = z.input<typeof rotateSecretInput>;

export const contract = createRoute({
  method: "post",
  path: `${BASE}/endpoints/{endpoint_id}/rotate-secret`,
  tags: [TAG],
  summary: "Replace the signing secret; the old one keeps signing too for a grace period (24 h by default)",
  description:
    "During the grace every request carries two signatures (`v1,<new> v1,<old>`), so the receiver can switch secrets at its own pace. " +
    "The body is optional: `graceSeconds` from 0 (the old secret stops at once) to 604800 (7 days), default 86400.",
  middleware: [emptyBodyAsObject] as const,
  request: {
    params: endpointParams,
    body: { required: false, content: { "application/json": { schema: rotateSecretInput } } },
  },
  responses: { 200: json(RotatedSecret, "The new secret and when the old one stops"), ...errorResponses },
});

export type RotateSecretResponse = ResponseOf<typeof contract>;

export const rotateSecretOperation = withBusiness({ contract }, async (c, { ctx, businessId }) => {
  const { endpoint_id } = c.req.valid("param");
  return c.json(await rotateSecret(ctx, businessId, endpoint_id, c.req.valid("json")), 200);
});
