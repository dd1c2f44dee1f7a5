import type { Executor } from "../db";
import { rawQuery } from "../jobs/raw-sql";

export type RateLease = {
  /** Tokens handed to the caller: 0..want. */
  granted: number;
  /** Tokens left in the shared bucket after the lease (fractional). */
  left: number;
};

// Tokens in the bucket now: what was left, refilled by the time since, capped at the burst.
// greatest(...) guards against a statement whose now() is older than the row's (it waited for
// the row lock behind a later one): time never runs backwards, so no interval is counted twice.
const available = `least($3::float8, b.tokens + $2::float8 * greatest(0, extract(epoch from now() - b.updated_at))::float8)`;

/**
 * Takes up to `want` tokens from a key's bucket in the database, in one statement: the row
 * lock of the upsert serialises instances, so together they never take more than the bucket
 * holds. A key's first lease finds the bucket full.
 */
export async function leaseRateTokens(
  db: Executor,
  input: { keyId: string; rate: number; burst: number; want: number },
): Promise<RateLease> {
  const [row] = await rawQuery<{ granted: number; tokens: number }>(
    db,
    `INSERT INTO api_key_rate_buckets AS b (key_id, tokens, granted, updated_at)
     VALUES ($1, $3::float8 - least($4::int, $3::int), least($4::int, $3::int), now())
     ON CONFLICT (key_id) DO UPDATE SET
       granted = least($4::int, floor(${available}))::int,
       tokens = ${available} - least($4::int, floor(${available})),
       updated_at = greatest(b.updated_at, now())
     RETURNING granted, tokens`,
    [input.keyId, input.rate, input.burst, input.want],
  );
  return { granted: row!.granted, left: row!.tokens };
}
