import { createHmac, timingSafeEqual } from "node:crypto";

/** Verifies Meta's `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body>`. */
export function verifyMetaSignature(rawBody: string, header: string | undefined, appSecret: string): boolean {
  const m = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? "");
  if (!m) return false;
  const expected = createHmac("sha256", appSecret).update(rawBody, "utf8").digest();
  const given = Buffer.from(m[1]!, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type MetaChange = { field: string; value: Record<string, unknown> };
export type MetaEntry = { id: string; changes?: MetaChange[] };
export type MetaWebhookBody = { object?: string; entry?: MetaEntry[] };

/** Handles one `changes[]` item of one entry (entry.id is the WABA id). */
export type MetaChangeHandler = (change: MetaChange, entry: MetaEntry) => Promise<void>;

const g = globalThis as unknown as { __sbMetaHandlers?: Map<string, MetaChangeHandler> };
const handlers: Map<string, MetaChangeHandler> = (g.__sbMetaHandlers ??= new Map());

/**
 * Meta delivers every WhatsApp Business Account webhook field (`messages`,
 * `message_template_status_update`, ...) to one callback URL, so each domain registers the
 * fields it handles here and POST /api/webhooks/whatsapp dispatches.
 */
export function onMetaWebhookField(field: string, handler: MetaChangeHandler): void {
  handlers.set(field, handler);
}

export function metaWebhookHandler(field: string): MetaChangeHandler | undefined {
  return handlers.get(field);
}
