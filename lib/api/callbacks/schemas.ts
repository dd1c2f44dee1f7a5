import { z } from "@hono/zod-openapi";
import { CallbackEventType } from "@/lib/callbacks/schemas";

/** The shapes the callback endpoint and delivery operations share (docs/callbacks.md). */
export const TAG = "Callbacks";
export const EXAMPLE_ID = "0193b6f2-8c1a-7cde-9f00-1234567890ab";

export const Endpoint = z
  .object({
    id: z.string().openapi({ example: EXAMPLE_ID }),
    url: z.string().openapi({ example: "https://crm.example.com/hooks/switchboard" }),
    description: z.string(),
    events: z.array(CallbackEventType).openapi({
      description:
        "Subscribed event types; empty: every type except message.received and conversation.*, which must be listed",
    }),
    enabled: z.boolean(),
    auth: z
      .union([
        z.object({ type: z.literal("basic"), username: z.string() }),
        z.object({ type: z.literal("bearer") }),
      ])
      .nullable()
      .openapi({
        description:
          "The credentials sent as Authorization on every attempt: the scheme and, for Basic, the user name; the password or token is never shown again. Null: the signature alone",
        example: { type: "basic", username: "switchboard" },
      }),
    previousSecretExpiresAt: z.number().int().nullable().openapi({
      description:
        "Epoch seconds until which the secret replaced by the last rotation still signs (a second signature); null when none",
    }),
    createdAt: z.number().int().openapi({ description: "Epoch seconds" }),
    updatedAt: z.number().int().openapi({ description: "Epoch seconds" }),
  })
  .openapi("CallbackEndpoint");

export const Secret = z
  .object({
    secret: z.string().openapi({
      example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      description: "Standard Webhooks signing secret",
    }),
  })
  .openapi("CallbackSecret");

export const RotatedSecret = z
  .object({
    secret: Secret.shape.secret.openapi({ description: "The new signing secret" }),
    previousSecretExpiresAt: z.number().int().nullable().openapi({
      example: 1732646400,
      description:
        "Epoch seconds until which every request also carries a signature with the replaced secret; null with graceSeconds 0",
    }),
  })
  .openapi("RotatedCallbackSecret");

export const Attempt = z
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
export const Delivery = z.object(deliveryShape).openapi("CallbackDelivery");
export const DeliveryDetail = z
  .object({ ...deliveryShape, attemptLog: z.array(Attempt) })
  .openapi("CallbackDeliveryDetail");

const uuidParam = (name: string) => z.uuid().openapi({ param: { name, in: "path" }, example: EXAMPLE_ID });
export const businessParam = z.object({
  business_id: z.string().openapi({ param: { name: "business_id", in: "path" }, example: EXAMPLE_ID }),
});
export const endpointParams = businessParam.extend({ endpoint_id: uuidParam("endpoint_id") });
export const deliveryParams = businessParam.extend({ delivery_id: uuidParam("delivery_id") });

export { jsonResponse as json, jsonBody as body } from "../schemas";

export const BASE = "/api/v3/callbacks/{business_id}";
