import { createHash } from "node:crypto";

/**
 * The seed of a campaign's draw as a signed 64-bit integer (text, for hashtextextended): a
 * given integer as it is, a given string or the campaign's id through SHA-256's first 8 bytes.
 * The same seed and the same numbers always draw the same arms.
 */
export function abSeed(seed: number | string | undefined, promotionId: string): string {
  if (typeof seed === "number") return String(seed);
  const digest = createHash("sha256")
    .update(seed ?? promotionId)
    .digest();
  return digest.readBigInt64BE(0).toString();
}
