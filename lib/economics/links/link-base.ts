import { env } from "../../env";

/**
 * Where tracked links point: PUBLIC_BASE_URL (the business's Switchboard host, as its
 * customers reach it), else http://localhost:PORT, without a trailing slash. Its `/l/<code>`
 * reaches the redirect (lib/server/request-listener.ts).
 */
export function linkBaseUrl(): string {
  const cfg = env();
  return (cfg.PUBLIC_BASE_URL ?? `http://localhost:${cfg.PORT}`).replace(/\/+$/, "");
}

/** The tracked link of `code`. */
export const trackedUrl = (base: string, code: string): string => `${base}/l/${code}`;
