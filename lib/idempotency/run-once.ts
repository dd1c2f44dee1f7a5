import type { Ctx } from "../context";
import { AppError } from "../errors";
import { claimIdempotencyKey, releaseIdempotencyKey, storeIdempotentResponse } from "./key-store";

/** What a run under a key answers: its own result, or the key's first answer to replay. */
export type RunOnceOutcome<T> = { kind: "ran"; value: T } | { kind: "replay"; status: number; body: unknown };

export type RunOnceInput = {
  businessId: string;
  key: string;
  /** The request's hash (stableJson of what makes it this request): another body is a 422. */
  hash: string;
  /** The key as the caller knows it: its name in messages and its path in error details. */
  keyName: string;
  keyPath?: string;
  /** How the caller would answer a refusal: stored, so a retry gets the same answer. */
  errorBody: (err: AppError) => unknown;
  /** Wait this long for a first run still going (a second click) instead of answering 409. */
  waitMs?: number;
};

const POLL_MS = 250;

/**
 * The one idempotency rule (IETF Idempotency-Key draft, Stripe), for the API's sends, the
 * dashboard's campaign launch and conversation replies: a new key runs `run` (which completes
 * the key with its 200 answer in its own transaction, beside its rows: `idempotency.key`), a
 * known key with the same request replays the first answer, another request with the key is a
 * 422, and a key still running is a 409 (or waited for). A refusal (4xx) is kept as the key's
 * answer; a failure on our side (5xx) releases the key so the client's retry runs again.
 */
export async function runOnce<T>(
  ctx: Ctx,
  input: RunOnceInput,
  run: (idempotency: { key: string }) => Promise<T>,
): Promise<RunOnceOutcome<T>> {
  const { businessId, key, hash } = input;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw new AppError("invalid_request", `${input.keyName} must be 1-255 visible ASCII characters`, [
      { path: input.keyPath ?? input.keyName, message: "Invalid key" },
    ]);
  }
  const claimed = await claim(ctx, { businessId, key, hash }, input.waitMs ?? 0);
  if (claimed.kind === "replay") return claimed;
  try {
    return { kind: "ran", value: await run({ key }) };
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      await storeIdempotentResponse(ctx, { businessId, key, status: err.status, body: input.errorBody(err) });
    } else {
      await releaseIdempotencyKey(ctx, { businessId, key }).catch(() => undefined);
    }
    throw err;
  }
}

async function claim(ctx: Ctx, input: { businessId: string; key: string; hash: string }, waitMs: number) {
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      return await claimIdempotencyKey(ctx, input);
    } catch (err) {
      const running = err instanceof AppError && err.code === "conflict";
      if (!running || Date.now() >= until) throw err;
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }
}
