import { createHash } from "node:crypto";
import type { Ctx } from "../../context";
import { AppError, type ErrorCode, type ErrorDetail } from "../../errors";
import {
  claimIdempotencyKey,
  releaseIdempotencyKey,
  storeIdempotentResponse,
  type IdempotencyClaim,
} from "../../messages/send/idempotency";
import { stableJson } from "../../messages/send/stable-json";
import { findList } from "../lists/find-list";
import { launchPromotion, type LaunchResult } from "./launch-promotion";

/** A stored refusal (the key's first answer was an error): the same error again. */
type StoredError = { error: { code: ErrorCode; message: string; details: ErrorDetail[] } };

/** How long a second click waits for the first launch to finish before it answers "in progress". */
const WAIT_MS = 15_000;
const POLL_MS = 250;

/** Key, body and list of the launch in one hash: the same key with another launch is refused. */
const hashOf = (listName: string, body: unknown) =>
  createHash("sha256")
    .update(`dashboard launch\n${stableJson({ listName, body })}`)
    .digest("hex");

async function claim(ctx: Ctx, input: { businessId: string; key: string; hash: string }) {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    try {
      return await claimIdempotencyKey(ctx, input);
    } catch (err) {
      // The first click's launch is still running: wait for its answer instead of failing.
      const running = err instanceof AppError && err.code === "conflict";
      if (!running || Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }
}

function replay(claimed: Extract<IdempotencyClaim, { kind: "replay" }>): LaunchResult {
  if (claimed.status === 200) return claimed.body as LaunchResult;
  const { error } = claimed.body as StoredError;
  throw new AppError(error.code, error.message, error.details);
}

/**
 * E1 form (b) for the dashboard (the new-campaign wizard): launchPromotion on the list
 * `listName` under the wizard's idempotency key, in the same store as the API's
 * Idempotency-Key (per business, 24 h). A double click, a retry after a dropped connection or
 * a second tab with the same key launches once and answers the first launch's result (or its
 * refusal); a second request that arrives while the first runs waits for its answer.
 */
export async function launchOnce(
  ctx: Ctx,
  input: { businessId: string; listName: string; body: unknown; idempotencyKey: string },
): Promise<LaunchResult> {
  const { businessId, listName, body } = input;
  if (!/^[\x21-\x7e]{1,255}$/.test(input.idempotencyKey)) {
    throw new AppError("invalid_request", "The launch key must be 1-255 visible ASCII characters", [
      { path: "idempotencyKey", message: "Invalid key" },
    ]);
  }
  const key = input.idempotencyKey;
  const claimed = await claim(ctx, { businessId, key, hash: hashOf(listName, body) });
  if (claimed.kind === "replay") return replay(claimed);
  try {
    const list = await findList(ctx, businessId, listName);
    return await launchPromotion(ctx, { businessId, list, body, idempotency: { key } });
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      const stored: StoredError = { error: { code: err.code, message: err.message, details: err.details } };
      await storeIdempotentResponse(ctx, { businessId, key, status: err.status, body: stored });
    } else {
      await releaseIdempotencyKey(ctx, { businessId, key }).catch(() => undefined);
    }
    throw err;
  }
}
