import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { invalid, unauthorized } from "../../errors";
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
  | { kind: "events"; agentId: string | undefined; events: ProviderStatusEvent[] };

const verification = z.object({ clientToken: z.string(), secret: z.string() });
const envelope = z.object({
  message: z.object({
    data: z.string().regex(/^[A-Za-z0-9+/=_-]*$/, "Not base64"),
    messageId: z.string().optional(),
  }),
});
const userEvent = z.object({
  agentId: z.string().optional(),
  eventType: z.string().optional(),
  messageId: z.string().optional(),
  sendTime: z.string().optional(),
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
    throw invalid(
      "Malformed RBM event envelope",
      env.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    );
  }
  const data = Buffer.from(env.data.message.data, "base64");
  const expected = Buffer.from(signRbm(data, clientToken));
  if (!safeEqual(Buffer.from(signature.trim()), expected)) throw unauthorized("Invalid X-Goog-Signature");

  const decoded = parseJson(data.toString("utf8"), "message.data is not base64-encoded JSON");
  if (!decoded || typeof decoded !== "object" || Array.isArray(decoded)) {
    throw invalid("Malformed RBM event", [{ path: "message.data", message: "Not a JSON object" }]);
  }
  // Documented events carry eventType at the top; some relays nest it under `event`.
  const d = decoded as Record<string, unknown>;
  const nested = d.event && typeof d.event === "object" ? (d.event as Record<string, unknown>) : {};
  const ev = userEvent.safeParse({ ...d, ...nested });
  if (!ev.success) {
    throw invalid(
      "Malformed RBM event",
      ev.error.issues.map((i) => ({ path: `message.data.${i.path.join(".")}`, message: i.message })),
    );
  }
  return { kind: "events", agentId: ev.data.agentId, events: toStatusEvents(ev.data) };
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
