import { and, eq, sql } from "drizzle-orm";
import { callbackEndpoints } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { notFound } from "../errors";
import { parseInput } from "./parse-input";
import { rotateSecretInput, type RotateSecretInput } from "./schemas";
import { encryptSecret, generateSigningSecret } from "./secret-box";

export type RotatedSecret = {
  secret: string;
  /** Epoch seconds until which the replaced secret still signs; null with a grace of 0. */
  previousSecretExpiresAt: number | null;
};

/**
 * Replaces the signing secret with an overlap (Standard Webhooks, Svix): for `graceSeconds`
 * every attempt, retries of older deliveries included, carries a signature with the new secret
 * and one with the replaced secret, so the receiver can switch at its own pace. A second
 * rotation within the grace drops the oldest secret: only the one it replaces stays valid.
 */
export async function rotateSecret(
  ctx: Ctx,
  businessId: string,
  id: string,
  input: RotateSecretInput = {},
): Promise<RotatedSecret> {
  const { graceSeconds } = parseInput(rotateSecretInput, input);
  const secret = generateSigningSecret();
  const keep = graceSeconds > 0;
  return inTransaction(ctx, async (tx) => {
    // The replaced secret moves over still sealed (SET reads the row as it was), and the
    // expiry is on the database clock, the one the delivery worker compares against.
    const [row] = await tx.db
      .update(callbackEndpoints)
      .set({
        secretCiphertext: encryptSecret(secret),
        previousSecretCiphertext: keep ? sql`${callbackEndpoints.secretCiphertext}` : null,
        previousSecretExpiresAt: keep ? sql`now() + make_interval(secs => ${graceSeconds})` : null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(callbackEndpoints.businessId, businessId), eq(callbackEndpoints.id, id)))
      .returning({ expiresAt: callbackEndpoints.previousSecretExpiresAt });
    if (!row) throw notFound("Callback endpoint");
    await recordAudit(tx, {
      businessId,
      action: "callback_endpoint.rotate_secret",
      targetType: "callback_endpoint",
      targetId: id,
      data: { graceSeconds },
    });
    return {
      secret,
      previousSecretExpiresAt: row.expiresAt ? Math.floor(row.expiresAt.getTime() / 1000) : null,
    };
  });
}
