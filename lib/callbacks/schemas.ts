import { z } from "zod";
import type { StoredAttempt } from "@/db/schema";

/**
 * Event types a business can subscribe to. The spec names three callbacks (message status,
 * call data record, batched capability); `message.received` (a customer's message) is ours;
 * `test` is what the "send test event" button sends.
 */
export const callbackEventTypes = [
  "message.status",
  "message.received",
  "conversation.opened",
  "conversation.assigned",
  "conversation.resolved",
  "flow.completed",
  "flow.handed_over",
  "flow.failed",
  "message.clicked",
  "call.cdr",
  "capability.batch",
  "test",
] as const;
export type CallbackEventType = (typeof callbackEventTypes)[number];
export const CallbackEventType = z.enum(callbackEventTypes);

/**
 * Types an endpoint receives only when it lists them: an endpoint with an empty list ("every
 * event") keeps receiving exactly the interface's events, so a receiver written before
 * `message.received` existed never sees a body it does not know (docs/decisions/inbound-messages.md).
 */
export const optInEventTypes: readonly CallbackEventType[] = [
  "message.received",
  "conversation.opened",
  "conversation.assigned",
  "conversation.resolved",
  "flow.completed",
  "flow.handed_over",
  "flow.failed",
  "message.clicked",
];

export const MAX_CALLBACK_URL_LENGTH = 2048;

/** Syntax only; the address check (SSRF guard) needs DNS and lives in ssrf-guard.ts. */
export const CallbackUrl = z
  .string()
  .trim()
  .min(1, "Enter the endpoint URL")
  .max(MAX_CALLBACK_URL_LENGTH, `At most ${MAX_CALLBACK_URL_LENGTH} characters`)
  .superRefine((value, ctx) => {
    let u: URL;
    try {
      u = new URL(value);
    } catch {
      ctx.addIssue({ code: "custom", message: "Not a valid URL" });
      return;
    }
    if (u.protocol !== "http:" && u.protocol !== "https:") {
      ctx.addIssue({ code: "custom", message: "Only http and https URLs are allowed" });
    }
    if (u.username || u.password) {
      ctx.addIssue({
        code: "custom",
        message: "Credentials in the URL are not allowed; verify the webhook signature instead",
      });
    }
  });

const Events = z
  .array(CallbackEventType)
  .max(callbackEventTypes.length)
  .transform((v) => [...new Set(v)]);

const Description = z.string().trim().max(500, "At most 500 characters");

// RFC 7617: the user-id of Basic auth cannot hold a colon; neither part a line break.
export const AuthUsername = z
  .string()
  .min(1, "Enter the user name")
  .max(256, "At most 256 characters")
  .regex(/^[^:\r\n]+$/, "A user name cannot contain a colon or a line break");
export const AuthPassword = z
  .string()
  .min(1, "Enter the password")
  .max(256, "At most 256 characters")
  .regex(/^[^\r\n]+$/, "A password cannot contain a line break");
// RFC 6750's token characters, and whatever else visible ASCII a receiver issues.
export const AuthToken = z
  .string()
  .trim()
  .min(1, "Enter the token")
  .max(4096, "At most 4,096 characters")
  .regex(/^[\x21-\x7e]+$/, "A token is visible ASCII characters without spaces");

/**
 * Credentials a receiver requires beside the signature: sent as `Authorization` on every
 * attempt (Basic or Bearer), sealed at rest like the signing secret, never shown again in
 * full (the endpoint's view names only the scheme and, for Basic, the user name).
 */
export const EndpointAuth = z.discriminatedUnion("type", [
  z.object({ type: z.literal("basic"), username: AuthUsername, password: AuthPassword }),
  z.object({ type: z.literal("bearer"), token: AuthToken }),
]);
export type EndpointAuth = z.infer<typeof EndpointAuth>;

export const createEndpointInput = z.object({
  url: CallbackUrl,
  description: Description.default(""),
  /** Empty: every event type. */
  events: Events.default([]),
  enabled: z.boolean().default(true),
  /** Absent or null: the signature alone. */
  auth: EndpointAuth.nullable().optional(),
});
export type CreateEndpointInput = z.input<typeof createEndpointInput>;

export const updateEndpointInput = z
  .object({
    url: CallbackUrl.optional(),
    description: Description.optional(),
    events: Events.optional(),
    enabled: z.boolean().optional(),
    /** New credentials; null removes them; absent keeps them. */
    auth: EndpointAuth.nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Nothing to update" });
export type UpdateEndpointInput = z.input<typeof updateEndpointInput>;

/** How long the replaced secret keeps signing after a rotation: 24 h unless chosen. */
export const DEFAULT_ROTATION_GRACE_SECONDS = 24 * 60 * 60;
export const MAX_ROTATION_GRACE_SECONDS = 7 * 24 * 60 * 60;

export const rotateSecretInput = z.object({
  /** 0: the old secret stops at once. */
  graceSeconds: z
    .number({ error: "Give graceSeconds as a whole number of seconds" })
    .int("Give graceSeconds as a whole number of seconds")
    .min(0, "graceSeconds cannot be negative; use 0 to stop the old secret at once")
    .max(
      MAX_ROTATION_GRACE_SECONDS,
      `At most ${MAX_ROTATION_GRACE_SECONDS} seconds (7 days); rotate again if the receiver needs longer`,
    )
    .default(DEFAULT_ROTATION_GRACE_SECONDS),
});
export type RotateSecretInput = z.input<typeof rotateSecretInput>;

export const deliveryFilters = z.object({
  endpointId: z.uuid().optional(),
  status: z.enum(["pending", "delivered", "failed"]).optional(),
  event: CallbackEventType.optional(),
  subjectId: z.string().max(200).optional(),
  /** Epoch seconds, inclusive bounds on the delivery's creation time. */
  since: z.coerce.number().int().nonnegative().optional(),
  until: z.coerce.number().int().nonnegative().optional(),
  /** The last id of the previous page (ids are time-ordered). */
  before: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type DeliveryFilters = z.input<typeof deliveryFilters>;

export type EndpointView = {
  id: string;
  url: string;
  description: string;
  events: CallbackEventType[];
  enabled: boolean;
  /** The credentials' scheme (and Basic's user name); never the password or token. */
  auth: { type: "basic"; username: string } | { type: "bearer" } | null;
  /** Epoch seconds until which the secret replaced by the last rotation still signs; else null. */
  previousSecretExpiresAt: number | null;
  createdAt: number;
  updatedAt: number;
};

export type DeliveryView = {
  id: string;
  endpointId: string;
  event: string;
  subjectId: string | null;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  nextAttemptAt: number | null;
  lastResponseCode: number | null;
  lastError: string | null;
  createdAt: number;
  deliveredAt: number | null;
  payload: unknown;
};

/** An attempt as the API shows it: the delivery's stored attempt log entry, as is. */
export type AttemptView = StoredAttempt;

/** Message status callback (spec, Events): the body sent for `message.status`. */
export const MessageStatusPayload = z.discriminatedUnion("status", [
  z.object({
    messageId: z.string(),
    messageRef: z.string(),
    subscriberId: z.string(),
    status: z.literal("sent"),
    sentAt: z.number().int(),
  }),
  z.object({
    messageId: z.string(),
    messageRef: z.string(),
    subscriberId: z.string(),
    status: z.literal("delivered"),
    deliveredAt: z.number().int(),
  }),
  z.object({
    messageId: z.string(),
    messageRef: z.string(),
    subscriberId: z.string(),
    status: z.literal("read"),
    readAt: z.number().int(),
  }),
  z.object({
    messageId: z.string(),
    messageRef: z.string(),
    subscriberId: z.string(),
    status: z.literal("failed"),
    failedAt: z.number().int(),
    failureReason: z.string(),
    failureDetails: z.string(),
    errorCode: z.number().int(),
  }),
]);
export type MessageStatusPayload = z.infer<typeof MessageStatusPayload>;

/**
 * A customer's message to the business (`message.received`; not in the spec, see
 * docs/callbacks.md). `messageId` is ours (the inbound message's id), `subscriberId` the
 * customer as in `message.status`; `raw` is the provider's message object as received.
 */
export const MessageReceivedPayload = z.object({
  messageId: z.string(),
  providerMessageId: z.string(),
  channel: z.enum(["chatapp", "rcs"]),
  subscriberId: z.string(),
  to: z.string(),
  profileName: z.string().nullable(),
  type: z.string(),
  text: z.string().nullable(),
  buttonPayload: z.string().nullable(),
  replyToMessageId: z.string().nullable(),
  media: z
    .object({
      id: z.string().nullable(),
      url: z.string().nullable(),
      mimeType: z.string().nullable(),
      fileName: z.string().nullable(),
    })
    .nullable(),
  receivedAt: z.number().int(),
  raw: z.record(z.string(), z.unknown()),
});
export type MessageReceivedPayload = z.infer<typeof MessageReceivedPayload>;

/**
 * A conversation opened, was assigned (or transferred) or resolved (`conversation.*`; not in
 * the spec, docs/conversations.md): enough for a CRM to run its own inbox beside ours.
 * `assigneeId` is the agent holding it after the event (null: waiting unassigned), `actor`
 * who caused it (`system` for routing).
 */
export const ConversationEventPayload = z.object({
  conversationId: z.string(),
  channel: z.enum(["chatapp", "rcs"]),
  sender: z.string(),
  subscriberId: z.string(),
  state: z.enum(["open", "pending", "resolved"]),
  assigneeId: z.string().nullable(),
  previousAssigneeId: z.string().nullable(),
  actor: z.object({ type: z.string(), id: z.string() }),
  occurredAt: z.number().int(),
});
export type ConversationEventPayload = z.infer<typeof ConversationEventPayload>;

/** A flow run's end (`flow.completed`, `flow.handed_over`, `flow.failed`; docs/flows.md). */
export const FlowRunPayload = z.object({
  runId: z.string(),
  flowId: z.string(),
  version: z.number().int(),
  conversationId: z.string(),
  channel: z.enum(["chatapp", "rcs"]),
  subscriberId: z.string(),
  state: z.enum(["completed", "handed_over", "failed"]),
  endReason: z.string(),
  /** The run's answers and set values. */
  variables: z.record(z.string(), z.string()),
  occurredAt: z.number().int(),
});
export type FlowRunPayload = z.infer<typeof FlowRunPayload>;

/**
 * A customer opened a tracked link of a message (`message.clicked`; docs/economics.md,
 * "Clicks"): every human request, the first of a recipient and the repeats (`clickId` tells
 * them apart; previews and bots raise none).
 */
export const MessageClickedPayload = z.object({
  clickId: z.string(),
  /** The message that carried the link; null for a link written before its message was sent. */
  messageId: z.string().nullable(),
  promotionId: z.string().nullable(),
  subscriberId: z.string(),
  /** The original URL (without the query the request appended). */
  url: z.string(),
  userAgent: z.string().nullable(),
  occurredAt: z.number().int(),
});
export type MessageClickedPayload = z.infer<typeof MessageClickedPayload>;

/** Call data record callback (spec, Events): the body sent for `call.cdr`. */
export const CallCdrPayload = z.object({
  CallSid: z.string(),
  EventType: z.string().nullable(),
  DateCreated: z.string(),
  DateUpdated: z.string(),
  Status: z.string(),
  To: z.string(),
  From: z.string(),
  PhoneNumberSid: z.string(),
  StartTime: z.string(),
  EndTime: z.string(),
  Direction: z.string(),
  RecordingUrl: z.string(),
  ConversationDuration: z.number().int(),
  Legs: z.array(z.object({ OnCallDuration: z.number().int(), Status: z.string() })),
});
export type CallCdrPayload = z.infer<typeof CallCdrPayload>;

/** Batched capability callback (spec, Events): the body sent for `capability.batch`. */
export const CapabilityBatchPayload = z.object({
  success: z.boolean(),
  promotionId: z.string(),
  batchId: z.string(),
  totalProcessed: z.number().int(),
  rcsNumbers: z.array(z.string()),
  nonRcsNumbers: z.array(z.string()),
  rcsCount: z.number().int(),
  nonRcsCount: z.number().int(),
});
export type CapabilityBatchPayload = z.infer<typeof CapabilityBatchPayload>;

export const TestPayload = z.object({
  type: z.literal("test"),
  message: z.string(),
  endpointId: z.string(),
  sentAt: z.number().int(),
});
export type TestPayload = z.infer<typeof TestPayload>;

/** Payload type per event type, so callers of enqueueCallback get the body checked. */
export type CallbackPayloads = {
  "message.status": MessageStatusPayload;
  "message.received": MessageReceivedPayload;
  "conversation.opened": ConversationEventPayload;
  "conversation.assigned": ConversationEventPayload;
  "conversation.resolved": ConversationEventPayload;
  "flow.completed": FlowRunPayload;
  "flow.handed_over": FlowRunPayload;
  "flow.failed": FlowRunPayload;
  "message.clicked": MessageClickedPayload;
  "call.cdr": CallCdrPayload;
  "capability.batch": CapabilityBatchPayload;
  test: TestPayload;
};

export type CallbackEvent<E extends CallbackEventType = CallbackEventType> = {
  [K in E]: {
    event: K;
    payload: CallbackPayloads[K];
    /** What the event is about, for lookups from the message/call pages; defaults per event. */
    subjectId?: string;
  };
}[E];
