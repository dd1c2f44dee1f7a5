import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { invalid, unauthorized, zodDetails } from "../../errors";
import { decodeUtf8 } from "../../validation/decode-utf8";
import { digitsOnly } from "../../phone/typed-phone";
import type { ProviderInboundMessage } from "../inbound-message";
import type { ProviderStatusEvent } from "../message-provider";

/**
 * RBM's webhook, as Google documents it. Two kinds of POST arrive:
 * - the one-time verification `{ clientToken, secret }`: answer 200 with the secret as plain
 *   text when the clientToken is ours;
 * - events `{ message: { data: <base64 JSON>, messageId, publishTime }, subscription }` with
 *   `X-Goog-Signature`: base64 HMAC-SHA512, keyed by the clientToken, of the *decoded*
 *   `message.data` bytes. The signature covers data, not the envelope, so the envelope must be
 *   parsed first; a missing header is refused before that.
 */
export type RbmWebhookResult =
  | { kind: "verification"; secret: string }
  | {
      kind: "events";
      agentId: string | undefined;
      events: ProviderStatusEvent[];
      /** A user message (text, suggestion reply, location, file), when the event is one. */
      inbound: ProviderInboundMessage | undefined;
    };

const verification = z.object({ clientToken: z.string(), secret: z.string() });
const envelope = z.object({
  message: z.object({
    data: z.string().regex(/^[A-Za-z0-9+/=_-]*$/, "Not base64"),
    messageId: z.string().optional(),
  }),
});
const opt = z.string().optional();
const userEvent = z.object({ agentId: opt, eventType: opt, messageId: opt, sendTime: opt });
/** A user message carries one of text, suggestionResponse, location, userFile (no eventType). */
const userMessage = z.object({
  senderPhoneNumber: z.string().min(1),
  text: opt,
  suggestionResponse: z.object({ postbackData: opt, text: opt, type: opt }).partial().optional(),
  location: z.looseObject({}).optional(),
  userFile: z
    .object({ payload: z.object({ mimeType: opt, fileUri: opt, fileName: opt }).partial().optional() })
    .partial()
    .optional(),
});

export function signRbm(data: Buffer, clientToken: string): string {
  return createHmac("sha512", clientToken).update(data).digest("base64");
}

export function handleRbmWebhook(
  raw: string,
  signature: string | undefined,
  clientToken: string,
): RbmWebhookResult {
  const body = parseJson(raw, "Malformed JSON in request body");
  const check = verification.safeParse(body);
  if (check.success) {
    if (!safeEqual(Buffer.from(check.data.clientToken), Buffer.from(clientToken))) {
      throw unauthorized("Unknown clientToken");
    }
    return { kind: "verification", secret: check.data.secret };
  }
  if (!signature) throw unauthorized("Missing X-Goog-Signature");
  const env = envelope.safeParse(body);
  if (!env.success) {
    throw invalid("Malformed RBM event envelope", zodDetails(env.error));
  }
  const data = Buffer.from(env.data.message.data, "base64");
  const expected = Buffer.from(signRbm(data, clientToken));
  if (!safeEqual(Buffer.from(signature.trim()), expected)) throw unauthorized("Invalid X-Goog-Signature");

  const decoded = parseJson(decodeUtf8(data, "message.data"), "message.data is not base64-encoded JSON");
  if (!decoded || typeof decoded !== "object" || Array.isArray(decoded)) {
    throw invalid("Malformed RBM event", [{ path: "message.data", message: "Not a JSON object" }]);
  }
  // Documented events carry eventType at the top; some relays nest it under `event`.
  const d = decoded as Record<string, unknown>;
  const nested = d.event && typeof d.event === "object" ? (d.event as Record<string, unknown>) : {};
  const ev = userEvent.safeParse({ ...d, ...nested });
  if (!ev.success) {
    throw invalid("Malformed RBM event", zodDetails(ev.error, "message.data."));
  }
  return {
    kind: "events",
    agentId: ev.data.agentId,
    events: toStatusEvents(ev.data),
    inbound: toInbound(ev.data, { ...d, ...nested }),
  };
}

/**
 * A user message: no eventType, a sender, a messageId, and text, a suggestion reply, a
 * location or a file. A suggestion reply is a `button` (its postbackData the payload), a file
 * is typed by its MIME type, as Meta types them.
 */
function toInbound(
  e: z.infer<typeof userEvent>,
  raw: Record<string, unknown>,
): ProviderInboundMessage | undefined {
  if (e.eventType || !e.messageId) return undefined;
  // A shape we don't know is not a user message we can deliver: acknowledged, not refused.
  const parsed = userMessage.safeParse(raw);
  if (!parsed.success) return undefined;
  const m = parsed.data;
  const file = m.userFile?.payload;
  let type: string;
  if (m.suggestionResponse) type = "button";
  else if (typeof m.text === "string") type = "text";
  else if (m.location) type = "location";
  else if (file) type = fileType(file.mimeType);
  else return undefined;
  const sent = e.sendTime ? new Date(e.sendTime) : new Date();
  return {
    providerMessageId: e.messageId,
    from: digitsOnly(m.senderPhoneNumber),
    to: e.agentId ?? "",
    type,
    text: m.suggestionResponse?.text ?? m.text ?? null,
    buttonPayload: m.suggestionResponse?.postbackData ?? null,
    replyToProviderMessageId: null,
    profileName: null,
    media: file
      ? {
          id: null,
          url: file.fileUri ?? null,
          mimeType: file.mimeType ?? null,
          fileName: file.fileName ?? null,
        }
      : null,
    receivedAt: Number.isNaN(sent.getTime()) ? new Date() : sent,
    raw,
  };
}

function fileType(mime: string | undefined): string {
  const top = mime?.split("/")[0];
  return top === "image" || top === "video" || top === "audio" ? top : "document";
}

/** DELIVERED and READ become statuses; an expired-and-revoked message failed. Others: none. */
function toStatusEvents(e: z.infer<typeof userEvent>): ProviderStatusEvent[] {
  if (!e.messageId) return [];
  const sent = e.sendTime ? new Date(e.sendTime) : new Date();
  const at = Number.isNaN(sent.getTime()) ? new Date() : sent;
  const ids = { messageId: e.messageId, providerMessageId: e.messageId };
  switch (e.eventType) {
    case "DELIVERED":
      return [{ ...ids, status: "delivered", at }];
    case "READ":
      return [{ ...ids, status: "read", at }];
    case "TTL_EXPIRATION_REVOKED":
      return [
        {
          ...ids,
          status: "failed",
          at,
          errorCode: "TTL_EXPIRATION_REVOKED",
          reason: "Message expired before delivery",
          details: "RBM revoked the message when its TTL expired",
        },
      ];
    default:
      return [];
  }
}

function parseJson(text: string, message: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalid(message);
  }
}

function safeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
