import { createHash } from "node:crypto";
import type { Ctx } from "../../context";
import { AppError, type ErrorCode, type ErrorDetail } from "../../errors";
import { runOnce } from "../../idempotency/run-once";
import { stableJson } from "../../idempotency/stable-json";
import { findList } from "../lists/find-list";
import { isAudienceBody } from "./launch-audience";
import { launchOnAudience } from "./launch-on-audience";
import { launchPromotion, type LaunchResult } from "./launch-promotion";

/** A stored refusal (the key's first answer was an error): the same error again. */
type StoredError = { error: { code: ErrorCode; message: string; details: ErrorDetail[] } };

/** How long a second click waits for the first launch to finish before it answers "in progress". */
const WAIT_MS = 15_000;

/** Key, body and list of the launch in one hash: the same key with another launch is refused. */
const hashOf = (listName: string, body: unknown) =>
  createHash("sha256")
    .update(`dashboard launch\n${stableJson({ listName, body })}`)
    .digest("hex");

/**
 * E1 form (b) for the dashboard (the new-campaign wizard): launchPromotion on the list
 * `listName`, or E1's JSON form on a segment or tags when the body names one (launchOnAudience;
 * `listName` is then unused), under the wizard's idempotency key, in the same store as the API's
 * Idempotency-Key (runOnce: per business, 24 h). A double click, a retry after a dropped
 * connection or a second tab with the same key launches once and answers the first launch's
 * result (or its refusal); a second request that arrives while the first runs waits for it.
 */
export async function launchOnce(
  ctx: Ctx,
  input: { businessId: string; listName: string; body: unknown; idempotencyKey: string },
): Promise<LaunchResult> {
  const { businessId, listName, body } = input;
  const out = await runOnce(
    ctx,
    {
      businessId,
      key: input.idempotencyKey,
      hash: hashOf(listName, body),
      keyName: "The launch key",
      keyPath: "idempotencyKey",
      waitMs: WAIT_MS,
      errorBody: (err): StoredError => ({
        error: { code: err.code, message: err.message, details: err.details },
      }),
    },
    async (idempotency) => {
      // A segment or tags audience is E1's JSON form on it: frozen at launch, as E1 freezes it.
      if (isAudienceBody(body)) return launchOnAudience(ctx, { businessId, body, idempotency });
      const list = await findList(ctx, businessId, listName);
      return launchPromotion(ctx, { businessId, list, body, idempotency });
    },
  );
  if (out.kind === "ran") return out.value;
  if (out.status === 200) return out.body as LaunchResult;
  const { error } = out.body as StoredError;
  throw new AppError(error.code, error.message, error.details);
}
