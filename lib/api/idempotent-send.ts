import { createHash } from "node:crypto";
import type { Context, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import { systemCtx } from "@/lib/context";
import { AppError } from "@/lib/errors";
import type { IdempotencyRef } from "@/lib/messages/send/commit-send";
import {
  claimIdempotencyKey,
  releaseIdempotencyKey,
  storeIdempotentResponse,
} from "@/lib/messages/send/idempotency";
import { stableJson } from "@/lib/messages/send/stable-json";
import { errorBody, type ErrorBody } from "./errors";
import type { ApiEnv } from "./types";

/** The 4xx statuses every send route documents (sendResponses): a replayed refusal is one. */
type SendErrorStatus = 400 | 401 | 404 | 409 | 422 | 429;

/** A send route's answer: the send's result, or a replayed refusal. */
export type SendReply<T> =
  | (Response & TypedResponse<JSONParsed<T>, 200, "json">)
  | (Response & TypedResponse<ErrorBody, SendErrorStatus, "json">);

/**
 * Runs a send under the request's `Idempotency-Key` (IETF draft, Stripe): a new key runs `send`
 * (which completes the key in its own transaction), a known key replays the first answer
 * (header `Idempotent-Replayed: true`). 4xx answers are kept too; a failure on our side
 * releases the key so the client's retry runs again.
 */
export async function idempotentSend<T extends object>(
  c: Context<ApiEnv>,
  body: unknown,
  send: (idempotency?: IdempotencyRef) => Promise<T>,
): Promise<SendReply<T>> {
  const key = c.req.header("idempotency-key");
  if (key === undefined) {
    const result: T = await send(undefined);
    return c.json(result, 200);
  }
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw new AppError("invalid_request", "Idempotency-Key must be 1-255 visible ASCII characters", [
      { path: "Idempotency-Key", message: "Invalid key" },
    ]);
  }
  const businessId = c.get("auth").businessId;
  const ctx = systemCtx(`api_key:${c.get("auth").keyId}`);
  const hash = requestHash(c, body);
  const claim = await claimIdempotencyKey(ctx, { businessId, key, hash });
  if (claim.kind === "replay") {
    c.header("Idempotent-Replayed", "true");
    // The stored body is the first answer: T when it was a 200, else the error body.
    if (claim.status === 200) return c.json(claim.body as T, 200);
    return c.json(claim.body as ErrorBody, claim.status as SendErrorStatus);
  }
  try {
    const result: T = await send({ key });
    return c.json(result, 200);
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      const stored = errorBody(c, err);
      await storeIdempotentResponse(ctx, { businessId, key, status: err.status, body: stored });
    } else {
      await releaseIdempotencyKey(ctx, { businessId, key }).catch(() => undefined);
    }
    throw err;
  }
}

/** Method, path, query (without the credential) and the body in a key-order-free form. */
function requestHash(c: Context, body: unknown): string {
  const url = new URL(c.req.url);
  url.searchParams.delete("apikey");
  url.searchParams.sort();
  return createHash("sha256")
    .update(`${c.req.method} ${url.pathname}?${url.searchParams.toString()}\n${stableJson(body)}`)
    .digest("hex");
}
