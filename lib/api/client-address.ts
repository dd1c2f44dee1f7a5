import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { env } from "@/lib/env";

/**
 * The client's address: the socket's peer, or behind a proxy (TRUST_PROXY) the last
 * X-Forwarded-For entry, the one our own proxy appended (earlier entries are the client's to
 * forge). Undefined for in-process calls without a socket (tests, app.request).
 */
export function clientAddress(c: Context): string | undefined {
  if (env().TRUST_PROXY) {
    const last = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address || undefined;
  } catch {
    return undefined;
  }
}
