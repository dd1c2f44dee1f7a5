import { createRoute, z } from "@hono/zod-openapi";
import { createEndpoint } from "@/lib/callbacks/create-endpoint";
import { deleteEndpoint } from "@/lib/callbacks/delete-endpoint";
import { getDelivery, listDeliveries } from "@/lib/callbacks/list-deliveries";
import { getEndpoint, listEndpoints } from "@/lib/callbacks/list-endpoints";
import { replayDelivery } from "@/lib/callbacks/replay-delivery";
import { revealSecret } from "@/lib/callbacks/reveal-secret";
import { rotateSecret } from "@/lib/callbacks/rotate-secret";
import {
  CallbackEventType,
  createEndpointInput,
  deliveryFilters,
  rotateSecretInput,
  updateEndpointInput,
} from "@/lib/callbacks/schemas";
import { sendTestEvent } from "@/lib/callbacks/send-test-event";
import { updateEndpoint } from "@/lib/callbacks/update-endpoint";
import { apiKeyAuth } from "../auth";
import { emptyBodyAsObject } from "../empty-body";
import { keyCtx } from "../key-ctx";
import { errorResponses } from "../schemas";
import type { ApiApp } from "../types";

const TAG = "Callbacks";
const EXAMPLE_ID = "0193b6f2-8c1a-7cde-9f00-1234567890ab";

const Endpoint = z
  .object({
    id: z.string().openapi({ example: EXAMPLE_ID }),
    url: z.string().openapi({ example: "https://crm.example.com/hooks/switchboard" }),
    description: z.string(),
    events: z.array(CallbackEventType).openapi({
      description:
        "Subscribed event types; empty: every type except message.received and conversation.*, which must be listed",
    }),
    enabled: z.boolean(),
    previousSecretExpiresAt: z.number().int().nullable().openapi({
      description:
        "Epoch seconds until which the secret replaced by the last rotation still signs (a second signature); null when none",
    }),
    createdAt: z.number().int().openapi({ description: "Epoch seconds" }),
    updatedAt: z.number().int().openapi({ description: "Epoch seconds" }),
  })
  .openapi("CallbackEndpoint");

const Secret = z
  .object({
    secret: z.string().openapi({
      example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      description: "Standard Webhooks signing secret",
    }),
  })
  .openapi("CallbackSecret");

const RotatedSecret = z
  .object({
    secret: Secret.shape.secret.openapi({ description: "The new signing secret" }),
    previousSecretExpiresAt: z.number().int().nullable().openapi({
      example: 1732646400,
      description:
        "Epoch seconds until which every request also carries a signature with the replaced secret; null with graceSeconds 0",
    }),
  })
  .openapi("RotatedCallbackSecret");

const Attempt = z
  .object({
    id: z.string(),
    attemptNo: z.number().int(),
    url: z.string(),
    requestedAt: z.number().int().openapi({ description: "Epoch seconds" }),
    responseStatus: z.number().int().nullable().openapi({ description: "Null when no response came back" }),
    latencyMs: z.number().int(),
    error: z.string().nullable(),
    responseBody: z.string().nullable().openapi({ description: "At most 1 KB of the response body" }),
  })
  .openapi("CallbackAttempt");

const deliveryShape = {
  id: z.string().openapi({ description: "The webhook-id header of every attempt", example: EXAMPLE_ID }),
  endpointId: z.string(),
  event: z.string().openapi({ example: "message.status" }),
  subjectId: z
    .string()
    .nullable()
    .openapi({ description: "Message id, call sid or batch id the event is about" }),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number().int(),
  nextAttemptAt: z.number().int().nullable().openapi({ description: "Epoch seconds, while pending" }),
  lastResponseCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.number().int(),
  deliveredAt: z.number().int().nullable(),
  payload: z.unknown().openapi({ description: "The JSON body sent" }),
};
const Delivery = z.object(deliveryShape).openapi("CallbackDelivery");
const DeliveryDetail = z
  .object({ ...deliveryShape, attemptLog: z.array(Attempt) })
  .openapi("CallbackDeliveryDetail");

const uuidParam = (name: string) => z.uuid().openapi({ param: { name, in: "path" }, example: EXAMPLE_ID });
const businessParam = z.object({
  business_id: z.string().openapi({ param: { name: "business_id", in: "path" }, example: EXAMPLE_ID }),
});
const endpointParams = businessParam.extend({ endpoint_id: uuidParam("endpoint_id") });
const deliveryParams = businessParam.extend({ delivery_id: uuidParam("delivery_id") });

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});
const body = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { "application/json": { schema } },
});

const base = "/api/v3/callbacks/{business_id}";
const routes = {
  list: createRoute({
    method: "get",
    path: `${base}/endpoints`,
    tags: [TAG],
    summary: "List the business's callback endpoints",
    middleware: [apiKeyAuth] as const,
    request: { params: businessParam },
    responses: { 200: json(z.object({ endpoints: z.array(Endpoint) }), "Endpoints"), ...errorResponses },
  }),
  create: createRoute({
    method: "post",
    path: `${base}/endpoints`,
    tags: [TAG],
    summary: "Register a callback endpoint; the answer carries its signing secret",
    middleware: [apiKeyAuth] as const,
    request: { params: businessParam, body: body(createEndpointInput) },
    responses: {
      201: json(z.object({ endpoint: Endpoint, secret: z.string() }), "Created, with the signing secret"),
      ...errorResponses,
    },
  }),
  get: createRoute({
    method: "get",
    path: `${base}/endpoints/{endpoint_id}`,
    tags: [TAG],
    summary: "One callback endpoint",
    middleware: [apiKeyAuth] as const,
    request: { params: endpointParams },
    responses: { 200: json(Endpoint, "Endpoint"), ...errorResponses },
  }),
  update: createRoute({
    method: "patch",
    path: `${base}/endpoints/{endpoint_id}`,
    tags: [TAG],
    summary: "Change url, description, events or enabled",
    middleware: [apiKeyAuth] as const,
    request: { params: endpointParams, body: body(updateEndpointInput) },
    responses: { 200: json(Endpoint, "Updated endpoint"), ...errorResponses },
  }),
  remove: createRoute({
    method: "delete",
    path: `${base}/endpoints/{endpoint_id}`,
    tags: [TAG],
    summary: "Delete an endpoint with its delivery log",
    middleware: [apiKeyAuth] as const,
    request: { params: endpointParams },
    responses: { 204: { description: "Deleted" }, ...errorResponses },
  }),
  secret: createRoute({
    method: "get",
    path: `${base}/endpoints/{endpoint_id}/secret`,
    tags: [TAG],
    summary: "Reveal the endpoint's signing secret",
    middleware: [apiKeyAuth] as const,
    request: { params: endpointParams },
    responses: { 200: json(Secret, "The secret"), ...errorResponses },
  }),
  rotate: createRoute({
    method: "post",
    path: `${base}/endpoints/{endpoint_id}/rotate-secret`,
    tags: [TAG],
    summary: "Replace the signing secret; the old one keeps signing too for a grace period (24 h by default)",
    description:
      "During the grace every request carries two signatures (`v1,<new> v1,<old>`), so the receiver can switch secrets at its own pace. " +
      "The body is optional: `graceSeconds` from 0 (the old secret stops at once) to 604800 (7 days), default 86400.",
    middleware: [apiKeyAuth, emptyBodyAsObject] as const,
    request: {
      params: endpointParams,
      body: { required: false, content: { "application/json": { schema: rotateSecretInput } } },
    },
    responses: { 200: json(RotatedSecret, "The new secret and when the old one stops"), ...errorResponses },
  }),
  test: createRoute({
    method: "post",
    path: `${base}/endpoints/{endpoint_id}/test`,
    tags: [TAG],
    summary: "Send a test event now; answers with the delivery and its first attempt",
    middleware: [apiKeyAuth] as const,
    request: { params: endpointParams },
    responses: { 200: json(DeliveryDetail, "The test delivery"), ...errorResponses },
  }),
  deliveries: createRoute({
    method: "get",
    path: `${base}/deliveries`,
    tags: [TAG],
    summary: "The delivery log, newest first",
    middleware: [apiKeyAuth] as const,
    request: { params: businessParam, query: deliveryFilters },
    responses: {
      200: json(
        z.object({
          deliveries: z.array(Delivery),
          nextCursor: z.string().nullable().openapi({ description: "Pass as `before` for the next page" }),
        }),
        "Deliveries",
      ),
      ...errorResponses,
    },
  }),
  delivery: createRoute({
    method: "get",
    path: `${base}/deliveries/{delivery_id}`,
    tags: [TAG],
    summary: "One delivery with every attempt",
    middleware: [apiKeyAuth] as const,
    request: { params: deliveryParams },
    responses: { 200: json(DeliveryDetail, "The delivery"), ...errorResponses },
  }),
  replay: createRoute({
    method: "post",
    path: `${base}/deliveries/{delivery_id}/replay`,
    tags: [TAG],
    summary: "Send a delivery again (same webhook-id), with a fresh retry cycle",
    middleware: [apiKeyAuth] as const,
    request: { params: deliveryParams },
    responses: { 200: json(DeliveryDetail, "The delivery after the new attempt"), ...errorResponses },
  }),
};

export function registerCallbackRoutes(app: ApiApp): void {
  // GET /api/v3/callbacks/{business_id}/endpoints (Events: registration, see docs/callbacks.md)
  app.openapi(routes.list, async (c) => {
    return c.json({ endpoints: await listEndpoints(keyCtx(c), c.get("auth").businessId) }, 200);
  });
  // POST /api/v3/callbacks/{business_id}/endpoints (Events: registration)
  app.openapi(routes.create, async (c) => {
    return c.json(await createEndpoint(keyCtx(c), c.get("auth").businessId, c.req.valid("json")), 201);
  });
  // GET /api/v3/callbacks/{business_id}/endpoints/{endpoint_id} (Events: registration)
  app.openapi(routes.get, async (c) => {
    return c.json(
      await getEndpoint(keyCtx(c), c.get("auth").businessId, c.req.valid("param").endpoint_id),
      200,
    );
  });
  // PATCH /api/v3/callbacks/{business_id}/endpoints/{endpoint_id} (Events: registration)
  app.openapi(routes.update, async (c) => {
    const id = c.req.valid("param").endpoint_id;
    return c.json(await updateEndpoint(keyCtx(c), c.get("auth").businessId, id, c.req.valid("json")), 200);
  });
  // DELETE /api/v3/callbacks/{business_id}/endpoints/{endpoint_id} (Events: registration)
  app.openapi(routes.remove, async (c) => {
    await deleteEndpoint(keyCtx(c), c.get("auth").businessId, c.req.valid("param").endpoint_id);
    return c.body(null, 204);
  });
  // GET /api/v3/callbacks/{business_id}/endpoints/{endpoint_id}/secret (Authentication 4: verifying callbacks)
  app.openapi(routes.secret, async (c) => {
    const secret = await revealSecret(keyCtx(c), c.get("auth").businessId, c.req.valid("param").endpoint_id);
    return c.json({ secret }, 200);
  });
  // POST /api/v3/callbacks/{business_id}/endpoints/{endpoint_id}/rotate-secret (Authentication 4)
  app.openapi(routes.rotate, async (c) => {
    const { endpoint_id } = c.req.valid("param");
    return c.json(
      await rotateSecret(keyCtx(c), c.get("auth").businessId, endpoint_id, c.req.valid("json")),
      200,
    );
  });
  // POST /api/v3/callbacks/{business_id}/endpoints/{endpoint_id}/test (Events: test event)
  app.openapi(routes.test, async (c) => {
    return c.json(
      await sendTestEvent(keyCtx(c), c.get("auth").businessId, c.req.valid("param").endpoint_id),
      200,
    );
  });
  // GET /api/v3/callbacks/{business_id}/deliveries (Events: delivery log)
  app.openapi(routes.deliveries, async (c) => {
    return c.json(await listDeliveries(keyCtx(c), c.get("auth").businessId, c.req.valid("query")), 200);
  });
  // GET /api/v3/callbacks/{business_id}/deliveries/{delivery_id} (Events: delivery log)
  app.openapi(routes.delivery, async (c) => {
    return c.json(
      await getDelivery(keyCtx(c), c.get("auth").businessId, c.req.valid("param").delivery_id),
      200,
    );
  });
  // POST /api/v3/callbacks/{business_id}/deliveries/{delivery_id}/replay (Events: replay)
  app.openapi(routes.replay, async (c) => {
    return c.json(
      await replayDelivery(keyCtx(c), c.get("auth").businessId, c.req.valid("param").delivery_id),
      200,
    );
  });
}
