import type { Ctx } from "../context";
import { AppError } from "../errors";
import { rawQuery } from "../db/sql";

/** How long a key is remembered (IETF idempotency-key draft, Stripe: 24 h). */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/** A request holding its key longer than this died; a retry of the same body may take over. */
const RUNNING_LOCK_SECONDS = 60;

export type IdempotencyClaim = { kind: "new" } | { kind: "replay"; status: number; body: unknown };

type Row = {
  request_hash: string;
  state: "running" | "done";
  response_status: number | null;
  response_body: unknown;
};

/**
 * Claims `key` for a request with hash `hash`. New (or expired, or left running by a request
 * that died): the caller runs the request and completes the key in the same transaction as its
 * rows (insertSendRows). Same key and body, done: the first response, to replay. Another body:
 * 422. The first request still running: 409.
 */
export async function claimIdempotencyKey(
  ctx: Ctx,
  input: { businessId: string; key: string; hash: string },
): Promise<IdempotencyClaim> {
  const won = await rawQuery(
    ctx.db,
    `INSERT INTO idempotency_keys (business_id, key, request_hash, state, locked_until, expires_at)
     VALUES ($1, $2, $3, 'running', now() + make_interval(secs => $4), now() + make_interval(secs => $5))
     ON CONFLICT (business_id, key) DO UPDATE SET request_hash = excluded.request_hash, state = 'running',
       response_status = NULL, response_body = NULL, locked_until = excluded.locked_until,
       created_at = now(), expires_at = excluded.expires_at
     WHERE idempotency_keys.expires_at < now()
        OR (idempotency_keys.state = 'running' AND idempotency_keys.locked_until < now()
            AND idempotency_keys.request_hash = excluded.request_hash)
     RETURNING 1`,
    [input.businessId, input.key, input.hash, RUNNING_LOCK_SECONDS, IDEMPOTENCY_TTL_SECONDS],
  );
  if (won.length > 0) return { kind: "new" };
  const [row] = await rawQuery<Row>(
    ctx.db,
    `SELECT request_hash, state, response_status, response_body FROM idempotency_keys WHERE business_id = $1 AND key = $2`,
    [input.businessId, input.key],
  );
  // Deleted in between (the first request failed and released it): let the caller retry.
  if (!row) return claimIdempotencyKey(ctx, input);
  if (row.request_hash !== input.hash) {
    throw new AppError(
      "unprocessable",
      "This Idempotency-Key was already used with a different request body; use a new key for a new request",
      [{ path: "Idempotency-Key", message: "Reused with another body" }],
    );
  }
  if (row.state === "running") {
    throw new AppError(
      "conflict",
      "A request with this Idempotency-Key is still being processed; retry shortly",
      [{ path: "Idempotency-Key", message: "In progress" }],
    );
  }
  return { kind: "replay", status: row.response_status ?? 200, body: row.response_body };
}

/** Keeps an error answer (4xx) as the key's response, as Stripe does: a retry gets the same answer. */
export async function storeIdempotentResponse(
  ctx: Ctx,
  input: { businessId: string; key: string; status: number; body: unknown },
): Promise<void> {
  await rawQuery(
    ctx.db,
    `UPDATE idempotency_keys SET state = 'done', response_status = $3, response_body = $4::jsonb
     WHERE business_id = $1 AND key = $2`,
    [input.businessId, input.key, input.status, JSON.stringify(input.body)],
  );
}

/** Forgets a key whose request failed on our side (5xx), so the client's retry runs again. */
export async function releaseIdempotencyKey(
  ctx: Ctx,
  input: { businessId: string; key: string },
): Promise<void> {
  await rawQuery(
    ctx.db,
    `DELETE FROM idempotency_keys WHERE business_id = $1 AND key = $2 AND state = 'running'`,
    [input.businessId, input.key],
  );
}

/** Housekeeping: drops keys past their 24 h. */
export async function purgeIdempotencyKeys(ctx: Ctx, limit = 10_000): Promise<number> {
  const rows = await rawQuery(
    ctx.db,
    `DELETE FROM idempotency_keys WHERE ctid IN (SELECT ctid FROM idempotency_keys WHERE expires_at < now() LIMIT $1) RETURNING 1`,
    [limit],
  );
  return rows.length;
}
