import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Verifies Meta's `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body>`: over the
 * bytes received, never text decoded from them (a decoder replaces invalid UTF-8 and drops a
 * byte-order mark, so the text's bytes are not what Meta signed).
 */
export function verifyMetaSignature(
  rawBody: Uint8Array,
  header: string | undefined,
  appSecret: string,
): boolean {
  const m = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? "");
  if (!m) return false;
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  const given = Buffer.from(m[1]!, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type MetaChange = { field: string; value: Record<string, unknown> };
export type MetaEntry = { id: string; changes?: MetaChange[] };
export type MetaWebhookBody = { object?: string; entry?: MetaEntry[] };

/**
 * Who the webhook is for: the business named by a per-business URL
 * (/api/webhooks/whatsapp/{business_id}), whose events then only ever touch that business;
 * none on the process-wide URL, where each handler finds the business from the sender.
 */
export type MetaWebhookScope = { businessId?: string };

/** Handles one `changes[]` item of one entry (entry.id is the WABA id). */
export type MetaChangeHandler = (
  change: MetaChange,
  entry: MetaEntry,
  scope: MetaWebhookScope,
) => Promise<void>;
