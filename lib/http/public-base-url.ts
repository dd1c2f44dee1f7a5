import { env } from "../env";

/**
 * The public base URL of this deployment (PUBLIC_BASE_URL, else localhost on PORT), without a
 * trailing slash: for recording links, provider callbacks and the webhook URLs a business
 * pastes into its provider's console.
 */
export function publicBaseUrl(): string {
  const cfg = env();
  return (cfg.PUBLIC_BASE_URL ?? `http://localhost:${cfg.PORT}`).replace(/\/$/, "");
}
