import { z } from "zod";

/**
 * The vendor's own samples name the chatapp channel `whatsapp` (`"channelType": "whatsapp"`,
 * `?channel=whatsapp`). It is the same channel, so wherever a request names a channel the alias
 * is read as `chatapp` (in any letter case) and every answer carries the canonical value.
 */
export const CHATAPP_ALIAS = "whatsapp";

export function canonicalChannel(value: unknown): unknown {
  return typeof value === "string" && value.trim().toLowerCase() === CHATAPP_ALIAS ? "chatapp" : value;
}

/** A channel as a request names it: `chatapp`, `rcs`, or `whatsapp` (read as `chatapp`). */
export function channelName(error = "chatapp (or whatsapp) or rcs") {
  // The values of `channels` (schemas.ts), written here so client code can import this file
  // without the phone-number library schemas.ts pulls in.
  return z.preprocess(canonicalChannel, z.enum(["chatapp", "rcs"], { error }));
}
