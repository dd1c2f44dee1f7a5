import type { Executor } from "../db/pool";
import { rawQuery } from "../db/sql";

/**
 * A table that holds one shared token bucket per key: the key's columns plus
 * `tokens float8, granted int, updated_at timestamptz` (api_key_rate_buckets, sender_rate_buckets).
 * Names are constants of the code, never input.
 */
export type TokenTable = { table: string; keyColumns: readonly string[] };

export type RateLease = {
  /** Tokens handed to the caller: 0..want. */
  granted: number;
  /** Tokens left in the shared bucket after the lease (fractional). */
  left: number;
  /** The bucket is held (see holdTokens) for this long yet: no token refills before then (ms). */
  heldMs: number;
};

export type LeaseInput = { rate: number; burst: number; want: number };

// Tokens in the bucket now: what was left, refilled by the time since, capped at the burst.
// greatest(...) guards against a statement whose now() is older than the row's (it waited for
// the row lock behind a later one, or the bucket is held until a time to come): time never
// runs backwards, so no interval is counted twice and a held bucket does not refill.
const available = (rate: string, burst: string) =>
  `least(${burst}::float8, b.tokens + ${rate}::float8 * greatest(0, extract(epoch from now() - b.updated_at))::float8)`;

const keyParams = (t: TokenTable, from: number) => t.keyColumns.map((_, i) => `$${from + i}`).join(", ");

/**
 * Takes up to `want` tokens from a key's bucket in the database, in one statement: the row
 * lock of the upsert serialises instances, so together they never take more than the bucket
 * holds. A key's first lease finds the bucket full.
 */
export async function leaseTokens(
  db: Executor,
  t: TokenTable,
  key: readonly unknown[],
  input: LeaseInput,
): Promise<RateLease> {
  const cols = t.keyColumns.join(", ");
  const avail = available("$1", "$2");
  const [row] = await rawQuery<{ granted: number; tokens: number; held_ms: number }>(
    db,
    `INSERT INTO ${t.table} AS b (${cols}, tokens, granted, updated_at)
     VALUES (${keyParams(t, 4)}, $2::float8 - least($3::int, $2::int), least($3::int, $2::int), now())
     ON CONFLICT (${cols}) DO UPDATE SET
       granted = greatest(0, least($3::int, floor(${avail})))::int,
       tokens = ${avail} - greatest(0, least($3::int, floor(${avail}))),
       updated_at = greatest(b.updated_at, now())
     RETURNING granted, tokens,
       greatest(0, extract(epoch from updated_at - now()) * 1000)::float8 AS held_ms`,
    [input.rate, input.burst, input.want, ...key],
  );
  return { granted: row!.granted, left: row!.tokens, heldMs: row!.held_ms };
}

/**
 * Empties a key's bucket and stops it refilling for `ms` (a provider's throttle): every
 * instance's next lease gets nothing until then. The hold moves the bucket's clock forward,
 * so no separate column is needed; a longer hold already in place is kept.
 */
export async function holdTokens(
  db: Executor,
  t: TokenTable,
  key: readonly unknown[],
  ms: number,
): Promise<void> {
  const cols = t.keyColumns.join(", ");
  await rawQuery(
    db,
    `INSERT INTO ${t.table} AS b (${cols}, tokens, granted, updated_at)
     VALUES (${keyParams(t, 2)}, 0, 0, now() + make_interval(secs => $1::float8 / 1000))
     ON CONFLICT (${cols}) DO UPDATE SET tokens = 0, granted = 0,
       updated_at = greatest(b.updated_at, now() + make_interval(secs => $1::float8 / 1000))`,
    [ms, ...key],
  );
}
