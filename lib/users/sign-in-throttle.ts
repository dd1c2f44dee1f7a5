import { createHash } from "node:crypto";
import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";

/**
 * Failed sign-ins are counted per account and per client address in PostgreSQL (every
 * instance sees the same counts). After `delayAfter` failures within the window each further
 * attempt must wait 1 s, 2 s, 4 s ... (at most MAX_DELAY); at `lockAfter` the key is locked
 * for LOCK. A failure older than the window starts the count again.
 */
export const SIGN_IN_LIMITS = {
  account: { delayAfter: 5, lockAfter: 20 },
  // An office behind one NAT address shares it: more room than a single account.
  address: { delayAfter: 10, lockAfter: 50 },
  maxDelaySeconds: 60,
  lockSeconds: 15 * 60,
  windowSeconds: 15 * 60,
} as const;

export type ThrottleKind = "account" | "address";
type Key = { kind: ThrottleKind; hash: string };

export type SignInTicket = { keys: Key[]; lockedNow: ThrottleKind[] };
export type TakeResult =
  { ok: true; ticket: SignInTicket } | { ok: false; kind: ThrottleKind; retryAfter: number };

const keyHash = (kind: ThrottleKind, value: string) =>
  createHash("sha256").update(`${kind}:${value}`).digest("hex");

// Counts the attempt as a failure before the password is checked, in one statement, so that
// parallel attempts cannot all slip through before the first failure is recorded; a success
// takes it back (settleSignInAttempt). A key that is blocked is left alone and returns no row.
const TAKE = `
  INSERT INTO sign_in_throttle AS t (key, failures, last_failure_at, blocked_until)
  VALUES ($1, 1, now(), CASE WHEN $2::int <= 1 THEN now() + interval '1 second' END)
  ON CONFLICT (key) DO UPDATE SET
    failures = CASE WHEN t.last_failure_at < now() - make_interval(secs => $5) THEN 1 ELSE t.failures + 1 END,
    last_failure_at = now(),
    blocked_until = CASE
      WHEN (CASE WHEN t.last_failure_at < now() - make_interval(secs => $5) THEN 1 ELSE t.failures + 1 END) >= $3
        THEN now() + make_interval(secs => $6)
      WHEN (CASE WHEN t.last_failure_at < now() - make_interval(secs => $5) THEN 1 ELSE t.failures + 1 END) >= $2
        THEN now() + make_interval(secs => least(
          power(2, (CASE WHEN t.last_failure_at < now() - make_interval(secs => $5) THEN 1 ELSE t.failures + 1 END) - $2),
          $4))
    END
  WHERE t.blocked_until IS NULL OR t.blocked_until <= now()
  RETURNING failures`;

/**
 * Takes one sign-in attempt for the address (when known) and the account. Refused while
 * either is delayed or locked, with the seconds until the caller may try again.
 */
export async function takeSignInAttempt(
  ctx: Ctx,
  input: { email: string; address?: string | null },
): Promise<TakeResult> {
  const keys: Key[] = [];
  // The address first: a blocked address must not add to the account's count.
  if (input.address) keys.push({ kind: "address", hash: keyHash("address", input.address) });
  keys.push({ kind: "account", hash: keyHash("account", input.email.toLowerCase()) });
  const lockedNow: ThrottleKind[] = [];
  for (const key of keys) {
    const limits = SIGN_IN_LIMITS[key.kind];
    const [row] = await rawQuery<{ failures: number }>(ctx.db, TAKE, [
      key.hash,
      limits.delayAfter,
      limits.lockAfter,
      SIGN_IN_LIMITS.maxDelaySeconds,
      SIGN_IN_LIMITS.windowSeconds,
      SIGN_IN_LIMITS.lockSeconds,
    ]);
    if (!row) return { ok: false, kind: key.kind, retryAfter: await retryAfter(ctx, key.hash) };
    if (row.failures === limits.lockAfter) lockedNow.push(key.kind);
  }
  return { ok: true, ticket: { keys, lockedNow } };
}

/** A success takes back its attempt: the account starts afresh, the address loses one count. */
export async function settleSignInSuccess(ctx: Ctx, ticket: SignInTicket): Promise<void> {
  for (const key of ticket.keys) {
    if (key.kind === "account") {
      await rawQuery(ctx.db, `DELETE FROM sign_in_throttle WHERE key = $1`, [key.hash]);
    } else {
      await rawQuery(
        ctx.db,
        `UPDATE sign_in_throttle SET failures = greatest(failures - 1, 0),
           blocked_until = CASE WHEN failures - 1 < $2 THEN NULL ELSE blocked_until END
         WHERE key = $1`,
        [key.hash, SIGN_IN_LIMITS.address.delayAfter],
      );
    }
  }
}

/** Forgets keys whose last failure is a day old and that are not blocked (called now and then). */
export async function pruneSignInThrottle(ctx: Ctx): Promise<void> {
  await rawQuery(
    ctx.db,
    `DELETE FROM sign_in_throttle
     WHERE last_failure_at < now() - interval '1 day' AND (blocked_until IS NULL OR blocked_until < now())`,
  );
}

async function retryAfter(ctx: Ctx, hash: string): Promise<number> {
  const [row] = await rawQuery<{ seconds: number | null }>(
    ctx.db,
    `SELECT ceil(extract(epoch FROM blocked_until - now()))::int AS seconds FROM sign_in_throttle WHERE key = $1`,
    [hash],
  );
  return Math.max(1, row?.seconds ?? 1);
}
