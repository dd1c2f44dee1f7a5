import { storeIdempotentResponse } from "@/lib/idempotency/key-store";
import type { IdempotencyRef } from "@/lib/messages/send/commit-send";
import type { Ctx } from "@/lib/context";

/** Completes the Idempotency-Key with the 200 answer inside the domain's transaction. */
export function completeKey(businessId: string, idem: IdempotencyRef | undefined) {
  if (!idem) return undefined;
  return (tx: Ctx, body: unknown) =>
    storeIdempotentResponse(tx, { businessId, key: idem.key, status: 200, body });
}
