import { decryptSecret, encryptSecret } from "../callbacks/secret-box";

/**
 * Provider credentials and webhook secrets at rest (business_channels.config,
 * calling_settings.config): sealed with AES-256-GCM by the secret box (its own derived key,
 * purpose `provider-credentials`) when written, opened when a provider adapter reads them.
 *
 * A sealed value is `sealed:v1.<key fingerprint>.<iv>.<tag>.<ciphertext>`. Anything else is a
 * legacy plaintext value, written before sealing existed: it is still accepted as is, and
 * sealed the next time its settings are saved (or by `npm run admin -- secrets:seal`).
 */
export const SEALED_PREFIX = "sealed:";

/** The secret keys of each kind of config: written sealed, never sent to the browser. */
export const secretKeys = {
  chatapp: ["accessToken", "appSecret", "verifyToken"],
  rcs: ["accessToken", "clientToken"],
  calling: ["apiKey", "apiToken"],
} as const;
export type SecretKind = keyof typeof secretKeys;
export type SecretKey<K extends SecretKind = SecretKind> = (typeof secretKeys)[K][number];

export const isSealed = (value: string) => value.startsWith(SEALED_PREFIX);

export function sealSecret(plain: string): string {
  if (isSealed(plain)) return plain;
  return SEALED_PREFIX + encryptSecret(plain, "provider-credentials");
}

// The send path opens the same token for every message of a batch: keep a few openings.
const opened = new Map<string, string>();
const MAX_OPENED = 256;

/**
 * The plaintext of a stored value: sealed values are decrypted (throws when the key changed
 * or the value was tampered with), legacy plaintext is returned unchanged.
 */
export function openSecret(stored: string): string {
  if (!isSealed(stored)) return stored;
  const hit = opened.get(stored);
  if (hit !== undefined) return hit;
  const plain = decryptSecret(stored.slice(SEALED_PREFIX.length), "provider-credentials");
  if (opened.size >= MAX_OPENED) opened.delete(opened.keys().next().value!);
  opened.set(stored, plain);
  return plain;
}

/** `config[key]` opened, or undefined when it is not a non-empty string. */
export function readSecret(config: Record<string, unknown>, key: string): string | undefined {
  const v = config[key];
  return typeof v === "string" && v.length > 0 ? openSecret(v) : undefined;
}

/** A copy of `config` with every secret key of `kind` that holds plaintext sealed. */
export function sealConfigSecrets<T extends Record<string, unknown>>(config: T, kind: SecretKind): T {
  const out: Record<string, unknown> = { ...config };
  for (const k of secretKeys[kind]) {
    const v = out[k];
    if (typeof v === "string" && v.length > 0) out[k] = sealSecret(v);
  }
  return out as T;
}

/** Which secrets of `kind` are stored: what the console shows instead of the values. */
export function secretStatus<K extends SecretKind>(
  config: Record<string, unknown>,
  kind: K,
): Record<SecretKey<K>, boolean> {
  const out = {} as Record<SecretKey<K>, boolean>;
  for (const k of secretKeys[kind] as readonly SecretKey<K>[]) {
    const v = config[k];
    out[k] = typeof v === "string" && v.length > 0;
  }
  return out;
}

/** True when some secret key of `kind` still holds legacy plaintext. */
export function hasPlaintextSecrets(config: Record<string, unknown>, kind: SecretKind): boolean {
  return secretKeys[kind].some((k) => {
    const v = config[k];
    return typeof v === "string" && v.length > 0 && !isSealed(v);
  });
}
