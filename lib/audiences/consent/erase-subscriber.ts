import { recordAudit } from "../../audit/record-audit";
import { inTransaction, type Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { notFound } from "../../errors";
import { uuidv7 } from "../../ids";
import { consentPhone } from "./consent-phone";

export type ErasureView = {
  phone: string;
  /** Consent events deleted (the tombstone aside). */
  consentEvents: number;
  /** Whether a profile (its fields, tags and attributes) was deleted. */
  profile: boolean;
  tombstone: { id: string; erasedBy: string; erasedAt: number };
};

/**
 * A business's explicit erasure of one subscriber, in one transaction: the profile (with its
 * tags and attribute values) and every consent event of the number, deleted by
 * erase_subscriber_consent() (the only path the ledger's append-only trigger lets delete,
 * migration 0049), which leaves a tombstone: who erased and when, no wording. The opt-out list
 * keeps the number, so an erased customer is never marketed to by accident
 * (docs/decisions/consent-ledger.md). 404 when the business knows nothing of the number.
 */
export async function eraseSubscriber(ctx: Ctx, businessId: string, rawPhone: string): Promise<ErasureView> {
  const phone = await consentPhone(ctx, businessId, rawPhone);
  const erasedBy = `${ctx.actor.type}:${ctx.actor.id}`;
  return inTransaction(ctx, async (tx) => {
    const profiles = await rawQuery(
      tx.db,
      "DELETE FROM profiles WHERE business_id = $1 AND phone = $2 RETURNING 1",
      [businessId, phone],
    );
    const [known] = await rawQuery<{ n: number }>(
      tx.db,
      "SELECT count(*)::int AS n FROM consent_events WHERE business_id = $1 AND phone = $2 AND source <> 'erasure'",
      [businessId, phone],
    );
    if (profiles.length === 0 && !known?.n) throw notFound("Subscriber");
    const id = uuidv7();
    const [erased] = await rawQuery<{ n: number; at: Date }>(
      tx.db,
      "SELECT erase_subscriber_consent($1, $2, $3, $4) AS n, now() AS at",
      [businessId, phone, id, erasedBy],
    );
    await recordAudit(tx, {
      businessId,
      action: "subscriber.erased",
      targetType: "subscriber",
      targetId: id,
      data: { consentEvents: erased?.n ?? 0, profile: profiles.length > 0 },
    });
    return {
      phone,
      consentEvents: erased?.n ?? 0,
      profile: profiles.length > 0,
      tombstone: { id, erasedBy, erasedAt: Math.floor((erased?.at ?? new Date()).getTime() / 1000) },
    };
  });
}
