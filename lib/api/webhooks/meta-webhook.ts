import { timingSafeEqual } from "node:crypto";
import { z } from "@hono/zod-openapi";
import { decoySecret } from "@/lib/channels/business-webhook-secret";
import {
  verifyMetaSignature,
  type MetaWebhookBody,
  type MetaWebhookScope,
} from "@/lib/channels/whatsapp-cloud/webhook";
import { AppError, unauthorized } from "@/lib/errors";
import { log } from "@/lib/log";
import { decodeUtf8 } from "@/lib/validation/decode-utf8";
import { errorResponses } from "../schemas";
import { parseMetaEnvelope } from "./meta-envelope";
import { metaFieldHandlers } from "./meta-fields";

/** What the four Meta webhook operations share: the hub query, the answers, the checks. */
export const hubQuery = z.object({
  "hub.mode": z.string().optional(),
  "hub.verify_token": z.string().optional(),
  "hub.challenge": z.string().optional(),
});
export const verifyResponses = {
  200: { description: "The challenge, echoed", content: { "text/plain": { schema: z.string() } } },
  403: {
    ...errorResponses[401],
    description:
      "Verification token mismatch (also for an unknown business or an unset token: the log says which)",
  },
};
export const eventResponses = {
  200: {
    description: "Accepted",
    content: { "application/json": { schema: z.object({ ok: z.boolean() }) } },
  },
  ...errorResponses,
};

/** An unset process-wide secret refuses like a wrong one; only the log says why. */
export function unconfigured(name: string): string {
  log.warn({ setting: name }, "provider webhook refused: setting not configured");
  return decoySecret();
}

/** The challenge to echo, when the mode is subscribe and the token is the expected one. */
export function hubChallenge(q: z.infer<typeof hubQuery>, expected: string): string {
  const given = Buffer.from(q["hub.verify_token"] ?? "");
  const want = Buffer.from(expected);
  const matches = want.length > 0 && given.length === want.length && timingSafeEqual(given, want);
  if (q["hub.mode"] !== "subscribe" || !matches) {
    throw new AppError("forbidden", "Verification token mismatch");
  }
  return q["hub.challenge"] ?? "";
}

/**
 * Checks the signature over the raw bytes, then the envelope (UTF-8, JSON, its structure: a 400
 * each, which Meta does not redeliver), then hands each change to its field's handlers
 * (meta-fields.ts).
 */
export async function handleMetaEvents(
  raw: Uint8Array,
  signature: string | undefined,
  secret: string,
  scope: MetaWebhookScope,
): Promise<void> {
  if (!verifyMetaSignature(raw, signature, secret)) throw unauthorized("Invalid X-Hub-Signature-256");
  const body: MetaWebhookBody = parseMetaEnvelope(decodeUtf8(raw));
  for (const entry of body.entry ?? []) {
    for (const change of entry.changes ?? []) {
      for (const handler of metaFieldHandlers.get(change.field) ?? []) await handler(change, entry, scope);
    }
  }
}
