import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Standard Webhooks signing (docs/architecture.md rule 9): HMAC-SHA256 over `id.timestamp.body` keyed with
 * the base64-decoded part of the `whsec_` secret, sent as `v1,<base64>`.
 */
export function secretBytes(secret: string): Buffer {
  return Buffer.from(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret, "base64");
}

export function sign(secret: string | Buffer, id: string, timestamp: number, body: string): string {
  const key = typeof secret === "string" ? secretBytes(secret) : secret;
  const mac = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
  return `v1,${mac}`;
}

export type SignedHeaders = {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
};

/**
 * The headers of one attempt. Several secrets (the current one first, then the one a rotation
 * replaced, during its grace) give one `v1,` signature each, space-separated: a receiver
 * accepts the request when any of them matches a secret it holds.
 */
export function signedHeaders(
  secrets: string | Buffer | ReadonlyArray<string | Buffer>,
  id: string,
  timestamp: number,
  body: string,
): SignedHeaders {
  const list = Array.isArray(secrets) ? secrets : [secrets as string | Buffer];
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": list.map((s) => sign(s, id, timestamp, body)).join(" "),
  };
}

/**
 * What a receiver does: recompute and compare (constant time) against each `v1,` signature of
 * the space-separated header, and refuse timestamps more than `toleranceSeconds` away.
 */
export function verify(
  secret: string,
  headers: { id: string; timestamp: string; signature: string },
  body: string,
  opts: { toleranceSeconds?: number; now?: number } = {},
): boolean {
  const ts = Number(headers.timestamp);
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  if (!Number.isInteger(ts) || Math.abs(now - ts) > (opts.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(sign(secret, headers.id, ts, body).slice(3), "base64");
  return headers.signature.split(" ").some((part) => {
    const [version, mac] = part.split(",");
    if (version !== "v1" || !mac) return false;
    const given = Buffer.from(mac, "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
