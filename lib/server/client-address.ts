import type http from "node:http";

/**
 * The header in which the server hands the client's address to Next.js (the sign-in throttle
 * reads it). Always overwritten, so a client cannot choose it.
 */
export const CLIENT_ADDRESS_HEADER = "x-switchboard-client-address";

/**
 * The client's address: the socket's peer, or behind a reverse proxy (TRUST_PROXY=true) the
 * last X-Forwarded-For entry, the one the proxy itself appended (earlier ones are the
 * client's to invent).
 */
export function requestClientAddress(req: http.IncomingMessage, trustProxy: boolean): string | undefined {
  const xff = req.headers["x-forwarded-for"];
  return pickClientAddress(Array.isArray(xff) ? xff.join(",") : xff, req.socket.remoteAddress, trustProxy);
}

/** The one rule for both edges (Next.js requests here, the Hono API in lib/api/client-address.ts). */
export function pickClientAddress(
  forwardedFor: string | undefined,
  peer: string | undefined,
  trustProxy: boolean,
): string | undefined {
  if (trustProxy) {
    const last = (forwardedFor ?? "").split(",").pop()?.trim();
    if (last) return normalise(last);
  }
  return peer ? normalise(peer) : undefined;
}

const normalise = (ip: string) => ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, "$1");
