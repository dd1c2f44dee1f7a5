import { readSecret } from "../channel-secrets";
import { env } from "../../env";

/**
 * Meta Graph API settings. The base URL is configurable so tests (and proxies) can point it
 * at a local server; per-business credentials live in the chatapp channel config
 * (`wabaId`, `accessToken`, sealed at rest: lib/channels/channel-secrets.ts) with process-wide
 * fallbacks for single-tenant deployments.
 */
export function graphBaseUrl(): string {
  return env().WHATSAPP_GRAPH_URL.replace(/\/$/, "");
}

export function whatsappCredentials(config: Record<string, unknown>): {
  wabaId: string;
  accessToken: string;
  appId: string | undefined;
} {
  const wabaId = str(config.wabaId) ?? env().WHATSAPP_WABA_ID;
  const accessToken = readSecret(config, "accessToken") ?? env().WHATSAPP_ACCESS_TOKEN;
  if (!wabaId || !accessToken) {
    throw new Error("whatsapp-cloud needs wabaId and accessToken (channel config or WHATSAPP_* env)");
  }
  return { wabaId, accessToken, appId: str(config.appId) ?? env().WHATSAPP_APP_ID };
}

/**
 * What sending needs: only the access token (the sender is the message's phoneNumberId).
 * Template review also needs the WABA id, so it uses `whatsappCredentials`.
 */
export function whatsappAccessToken(config: Record<string, unknown>): string {
  const token = readSecret(config, "accessToken") ?? env().WHATSAPP_ACCESS_TOKEN;
  if (!token) throw new Error("whatsapp-cloud needs accessToken (channel config or WHATSAPP_ACCESS_TOKEN)");
  return token;
}

/** Per-request timeout of a message send, in ms; a timeout is a retryable failure. */
export const whatsappSendTimeoutMs = () => env().WHATSAPP_SEND_TIMEOUT_MS;

/**
 * App secret that signs Meta's webhooks (X-Hub-Signature-256) at the process-wide path
 * (/api/webhooks/whatsapp: single tenant, or one platform-owned Meta app). The per-business
 * path uses the business's own `appSecret` (lib/channels/business-webhook-secret.ts).
 */
export const whatsappAppSecret = () => env().WHATSAPP_APP_SECRET;
/** Token Meta echoes in the hub.challenge verification GET of the process-wide path. */
export const whatsappVerifyToken = () => env().WHATSAPP_VERIFY_TOKEN;

const str = (v: unknown) => (typeof v === "string" && v.length > 0 ? v : undefined);
