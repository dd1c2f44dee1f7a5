import type http from "node:http";
import { pickClientAddress } from "../http/pick-client-address";

/**
 * The header in which the server hands the client's address to Next.js (the sign-in throttle
 * reads it). Always overwritten, so a client cannot choose it.
 */
export const CLIENT_ADDRESS_HEADER = "x-switchboard-client-address";

/** The Next.js request's client address (lib/http/pick-client-address.ts has the rule). */
export function requestClientAddress(req: http.IncomingMessage, trustProxy: boolean): string | undefined {
  const xff = req.headers["x-forwarded-for"];
  return pickClientAddress(Array.isArray(xff) ? xff.join(",") : xff, req.socket.remoteAddress, trustProxy);
}
