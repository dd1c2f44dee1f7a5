import { createHash } from "node:crypto";
import type { Context, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import { systemCtx } from "@/lib/context";
import { runOnce } from "@/lib/idempotency/run-once";
import { stableJson } from "@/lib/idempotency/stable-json";
import type { IdempotencyRef } from "@/lib/messages/send/commit-send";
import { errorBody, type ErrorBody } from "./errors";
import type { ApiEnv } from "./types";

/** The 4xx statuses every send route documents (sendResponses): a replayed refusal is one. */
type SendErrorStatus = 400 | 401 | 404 | 409 | 422 | 429;

/** A send route's answer: the send's result (200, or 201 for what it creates), or a replayed refusal. */
export type SendReply<T, S extends 200 | 201 = 200> =
  | (Response & TypedResponse<JSONParsed<T>, S, "json">)
  | (Response & TypedResponse<ErrorBody, SendErrorStatus, "json">);

/**
 * Runs a send under the request's `Idempotency-Key` (runOnce, lib/idempotency): a replayed
 * answer carries the header `Idempotent-Replayed: true`; a refusal is stored as the API
 * answers it (with its request id). `ok` is the status of a success (the send stores its
 * answer under the key with that status).
 */
export function idempotentSend<T extends object>(
  c: Context<ApiEnv>,
  body: unknown,
  send: (idempotency?: IdempotencyRef) => Promise<T>,
): Promise<SendReply<T>>;
export function idempotentSend<T extends object, S extends 200 | 201>(
  c: Context<ApiEnv>,
  body: unknown,
  send: (idempotency?: IdempotencyRef) => Promise<T>,
  ok: S,
): Promise<SendReply<T, S>>;
export async function idempotentSend<T extends object, S extends 200 | 201>(
  c: Context<ApiEnv>,
  body: unknown,
  send: (idempotency?: IdempotencyRef) => Promise<T>,
  ok: S = 200 as S,
): Promise<SendReply<T, S>> {
  const key = c.req.header("idempotency-key");
  if (key === undefined) {
    const result: T = await send(undefined);
    return c.json(result, ok);
  }
  const out = await runOnce(
    systemCtx(`api_key:${c.get("auth").keyId}`),
    {
      businessId: c.get("auth").businessId,
      key,
      hash: requestHash(c, body),
      keyName: "Idempotency-Key",
      errorBody: (err) => errorBody(c, err),
    },
    send,
  );
  if (out.kind === "ran") return c.json(out.value, ok);
  c.header("Idempotent-Replayed", "true");
  // The stored body is the first answer: T when it was a success, else the error body.
  if (out.status === ok) return c.json(out.body as T, ok);
  return c.json(out.body as ErrorBody, out.status as SendErrorStatus);
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
