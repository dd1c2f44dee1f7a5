import { createHash, randomBytes } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const KEY_PREFIX = "sb_live_";

/** 32 base62 characters from the CSPRNG (~190 bits), with a recognisable prefix. */
export function generateApiKey(): string {
  const bytes = randomBytes(48);
  let out = "";
  for (const b of bytes) {
    // 248 = 4 * 62: rejecting larger bytes keeps the alphabet unbiased.
    if (b < 248) out += ALPHABET[b % 62];
    if (out.length === 32) break;
  }
  return out.length === 32 ? KEY_PREFIX + out : generateApiKey();
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** What lists display: enough to tell keys apart, useless to an attacker. */
export function displayPrefix(key: string): string {
  return key.slice(0, KEY_PREFIX.length + 6);
}
