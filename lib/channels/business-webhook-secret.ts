import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { businessChannels } from "@/db/schema";
import type { Ctx } from "../context";
import { isUuid } from "../ids";
import { log } from "../log";
import { readSecret } from "./channel-secrets";

export type WebhookSecretKey = "appSecret" | "verifyToken" | "clientToken";

const labels: Record<WebhookSecretKey, string> = {
  appSecret: "WhatsApp app secret",
  verifyToken: "WhatsApp verify token",
  clientToken: "RBM client token",
};

export type WebhookSecretResult =
  | { ok: true; secret: string }
  | { ok: false; reason: "unknown_business" | "not_configured" | "unreadable"; message: string };

/**
 * The secret that verifies a per-business provider webhook (/api/webhooks/whatsapp/{id},
 * /api/webhooks/rbm/{id}): the business's own chatapp `appSecret` / `verifyToken` or rcs
 * `clientToken`, opened from its sealed form. Never a process-wide fallback: a business URL is
 * verified with that business's secret only. The failures come back as values with a reason for
 * the log; the routes use webhookSecretOrDecoy so that the caller never sees the reason.
 */
export async function businessWebhookSecret(
  ctx: Ctx,
  input: { businessId: string; channel: "chatapp" | "rcs"; key: WebhookSecretKey },
): Promise<WebhookSecretResult> {
  const unknown = {
    ok: false as const,
    reason: "unknown_business" as const,
    message: `Unknown business '${input.businessId}': no ${input.channel} channel to verify this webhook with`,
  };
  if (!isUuid(input.businessId)) return unknown;
  const [row] = await ctx.db
    .select({ config: businessChannels.config })
    .from(businessChannels)
    .where(
      and(eq(businessChannels.businessId, input.businessId), eq(businessChannels.channel, input.channel)),
    );
  if (!row) return unknown;
  const label = labels[input.key];
  let secret: string | undefined;
  try {
    secret = readSecret((row.config ?? {}) as Record<string, unknown>, input.key);
  } catch (e) {
    log.error({ err: e, businessId: input.businessId, key: input.key }, "stored webhook secret unreadable");
    return {
      ok: false,
      reason: "unreadable",
      message: `The stored ${label} of this business cannot be decrypted (was CALLBACK_SECRET_KEY or AUTH_SECRET changed?); set it again in the console`,
    };
  }
  if (!secret) {
    return {
      ok: false,
      reason: "not_configured",
      message: `This business has no ${label} configured; webhooks to its URL are refused (console: Businesses, ${input.channel} settings)`,
    };
  }
  return { ok: true, secret };
}

/**
 * The secret to verify a per-business webhook with. When the business is unknown or has no
 * usable secret, the reason goes to the log and a random secret stands in: the request then
 * fails exactly like one signed with a wrong secret, so an unauthenticated caller cannot learn
 * which business ids exist or which secrets they have configured.
 */
export async function webhookSecretOrDecoy(
  ctx: Ctx,
  input: { businessId: string; channel: "chatapp" | "rcs"; key: WebhookSecretKey },
): Promise<string> {
  const found = await businessWebhookSecret(ctx, input);
  if (found.ok) return found.secret;
  log.warn(
    { businessId: input.businessId, key: input.key, reason: found.reason, detail: found.message },
    "provider webhook refused",
  );
  return decoySecret();
}

/** A secret nobody knows, for refusing a webhook the same way a wrong signature is refused. */
export function decoySecret(): string {
  return randomBytes(32).toString("base64url");
}
