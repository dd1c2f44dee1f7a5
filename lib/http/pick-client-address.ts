/**
 * The client's address by the one rule for both edges (Next.js requests in
 * lib/server/client-address.ts, the Hono API in lib/api/client-address.ts): the socket's peer,
 * or behind a reverse proxy (TRUST_PROXY=true) the last X-Forwarded-For entry, the one the proxy
 * itself appended (earlier ones are the client's to invent).
 */
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
