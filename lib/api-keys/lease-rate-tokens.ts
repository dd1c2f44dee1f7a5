import type { Executor } from "../db/pool";
import { leaseTokens, type RateLease, type TokenTable } from "../rate/lease-tokens";

export type { RateLease } from "../rate/lease-tokens";

const apiKeyBuckets: TokenTable = { table: "api_key_rate_buckets", keyColumns: ["key_id"] };

/** Takes up to `want` tokens from an API key's shared bucket (lib/rate/lease-tokens.ts). */
export function leaseRateTokens(
  db: Executor,
  input: { keyId: string; rate: number; burst: number; want: number },
): Promise<RateLease> {
  return leaseTokens(db, apiKeyBuckets, [input.keyId], input);
}
