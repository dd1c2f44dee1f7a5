import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { env } from "../env";

/**
 * Endpoint signing secrets are encrypted at rest with AES-256-GCM: the dashboard must be able to
 * reveal them (so no hash), and a database dump alone must not let anyone forge callbacks.
 * The key is derived (HKDF-SHA256) from CALLBACK_SECRET_KEY, else AUTH_SECRET. Stored form:
 * `v1.<key fingerprint>.<iv>.<tag>.<ciphertext>` (base64url), the fingerprint turning a
 * key change into a clear error instead of garbage. See docs/decisions/sealed-secrets-at-rest.md.
 *
 * `purpose` picks the HKDF info, so each kind of secret has its own derived key: the default
 * is the callback endpoints'; provider credentials use lib/channels/channel-secrets.ts.
 */
const TEST_KEY = "switchboard-test-only-callback-key";

function masterKey(): string {
  const cfg = env();
  const key = cfg.CALLBACK_SECRET_KEY ?? cfg.AUTH_SECRET;
  if (key) return key;
  if (cfg.NODE_ENV === "test") return TEST_KEY;
  throw new Error("Set CALLBACK_SECRET_KEY (or AUTH_SECRET) to store callback signing secrets");
}

export type SecretPurpose = "callback-endpoint-secrets" | "provider-credentials";

const cached = new Map<SecretPurpose, { master: string; key: Buffer; fingerprint: string }>();

function key(purpose: SecretPurpose): { key: Buffer; fingerprint: string } {
  const master = masterKey();
  let entry = cached.get(purpose);
  if (entry?.master !== master) {
    const k = Buffer.from(hkdfSync("sha256", master, "switchboard", purpose, 32));
    const fingerprint = createHash("sha256").update(k).digest("base64url").slice(0, 8);
    entry = { master, key: k, fingerprint };
    cached.set(purpose, entry);
  }
  return entry;
}

export function encryptSecret(plain: string, purpose: SecretPurpose = "callback-endpoint-secrets"): string {
  const { key: k, fingerprint } = key(purpose);
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", k, iv);
  const ct = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [
    "v1",
    fingerprint,
    iv.toString("base64url"),
    tag.toString("base64url"),
    ct.toString("base64url"),
  ].join(".");
}

export function decryptSecret(stored: string, purpose: SecretPurpose = "callback-endpoint-secrets"): string {
  const what = purpose === "callback-endpoint-secrets" ? "callback secret" : "provider credential";
  const [version, fingerprint, iv, tag, ct] = stored.split(".");
  if (version !== "v1" || !fingerprint || !iv || !tag || !ct) throw new Error(`unreadable ${what}`);
  const { key: k, fingerprint: current } = key(purpose);
  if (fingerprint !== current) {
    throw new Error(`${what} was encrypted with another CALLBACK_SECRET_KEY/AUTH_SECRET`);
  }
  const decipher = createDecipheriv("aes-256-gcm", k, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ct, "base64url")), decipher.final()]).toString("utf8");
}

/** A Standard Webhooks secret: `whsec_` + base64 of 24 random bytes. */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}
