import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { env } from "@/lib/env";
import { pickClientAddress } from "@/lib/http/pick-client-address";

/**
 * The API client's address by the same rule as the dashboard's (lib/http/pick-client-address.ts):
 * the socket's peer, or behind a proxy (TRUST_PROXY) the last X-Forwarded-For entry. Undefined
 * for in-process calls without a socket (tests, app.request).
 */
export function clientAddress(c: Context): string | undefined {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address || undefined;
  } catch {
    peer = undefined;
  }
  return pickClientAddress(c.req.header("x-forwarded-for"), peer, env().TRUST_PROXY);
}
