import { and, eq, sql } from "drizzle-orm";
import { callbackEndpoints } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { notFound } from "../errors";
import { encryptSecret, generateSigningSecret } from "./secret-box";

/**
 * Replaces the signing secret. Attempts from now on (including retries of older deliveries)
 * are signed with the new one; the receiver must switch at the same time.
 */
export async function rotateSecret(ctx: Ctx, businessId: string, id: string): Promise<string> {
  const secret = generateSigningSecret();
  await inTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .update(callbackEndpoints)
      .set({ secretCiphertext: encryptSecret(secret), updatedAt: sql`now()` })
      .where(and(eq(callbackEndpoints.businessId, businessId), eq(callbackEndpoints.id, id)))
      .returning({ id: callbackEndpoints.id });
    if (!row) throw notFound("Callback endpoint");
    await recordAudit(tx, {
      businessId,
      action: "callback_endpoint.rotate_secret",
      targetType: "callback_endpoint",
      targetId: id,
    });
  });
  return secret;
}
