import { readSecret } from "../channel-secrets";
import { env } from "../../env";

/**
 * RCS Business Messaging settings. The base URL is configurable (regional endpoints such as
 * `https://europe-rcsbusinessmessaging.googleapis.com`, proxies, the fake server of the tests).
 *
 * Auth: RBM wants an OAuth 2.0 access token of the partner's service account. Minting it (JWT
 * grant) is outside Switchboard: the token comes from the rcs channel config (`accessToken`)
 * or RBM_ACCESS_TOKEN, refreshed by whatever holds the service-account key (docs/providers.md).
 */
export function rbmBaseUrl(): string {
  return env().RBM_API_URL.replace(/\/$/, "");
}

export function rbmAccessToken(config: Record<string, unknown>): string {
  const token = readSecret(config, "accessToken") ?? env().RBM_ACCESS_TOKEN;
  if (!token) throw new Error("google-rbm needs accessToken (rcs channel config or RBM_ACCESS_TOKEN)");
  return token;
}

/** The agent id: the message's sender, else the channel config, else RBM_AGENT_ID. */
export function rbmAgentId(config: Record<string, unknown>, from?: string): string {
  const id = str(from) ?? str(config.agentId) ?? env().RBM_AGENT_ID;
  if (!id) throw new Error("google-rbm needs agentId (rcs channel config or RBM_AGENT_ID)");
  return id;
}

/**
 * The partner webhook's clientToken of the process-wide path (/api/webhooks/rbm): it keys the
 * X-Goog-Signature of inbound events. The per-business path uses the rcs channel's own
 * `clientToken` (lib/channels/business-webhook-secret.ts).
 */
export const rbmClientToken = () => env().RBM_CLIENT_TOKEN;

/** Per-request timeout of RBM API calls, in ms; a timeout is a retryable failure. */
export const rbmTimeoutMs = () => env().RBM_TIMEOUT_MS;

/** RBM addresses phones in E.164 with the '+'; our messages carry digits without it. */
export const e164 = (digits: string) => (digits.startsWith("+") ? digits : `+${digits}`);

const str = (v: unknown) => (typeof v === "string" && v.length > 0 ? v : undefined);
