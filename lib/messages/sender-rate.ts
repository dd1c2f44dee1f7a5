import { z } from "zod";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { rawQuery } from "../jobs/raw-sql";
import { messagesConfig } from "./config";
import { ttlCache } from "./ttl-cache";

/** Meta's throughput tiers go up to 1,000 messages/s per phone number. */
export const MAX_SENDER_RATE = 1000;

export const setSenderRateInput = z.object({
  businessId: z.string().uuid(),
  sender: z.string().trim().min(1).max(128),
  /** Messages per second; null goes back to the default (MESSAGES_SENDER_RATE). */
  perSecond: z.number().int().min(1).max(MAX_SENDER_RATE).nullable(),
});
export type SetSenderRateInput = z.input<typeof setSenderRateInput>;

const cache = ttlCache<number>();

/** Messages per second the sender may dispatch: its own limit, else MESSAGES_SENDER_RATE. */
export async function senderRate(ctx: Ctx, businessId: string, sender: string): Promise<number> {
  return cache.get(`${businessId}:${sender}`, async () => {
    const [row] = await rawQuery<{ per_second: number }>(
      ctx.db,
      `SELECT per_second FROM sender_rate_limits WHERE business_id = $1 AND sender = $2`,
      [businessId, sender],
    );
    return row?.per_second ?? messagesConfig().MESSAGES_SENDER_RATE;
  });
}

/** Sets (or clears) a sender's dispatch limit, e.g. after Meta raised its tier. Operator action. */
export async function setSenderRate(ctx: Ctx, raw: SetSenderRateInput): Promise<void> {
  const input = setSenderRateInput.parse(raw);
  await inTransaction(ctx, async (tx) => {
    if (input.perSecond === null) {
      await rawQuery(tx.db, `DELETE FROM sender_rate_limits WHERE business_id = $1 AND sender = $2`, [
        input.businessId,
        input.sender,
      ]);
    } else {
      await rawQuery(
        tx.db,
        `INSERT INTO sender_rate_limits (business_id, sender, per_second) VALUES ($1, $2, $3)
         ON CONFLICT (business_id, sender) DO UPDATE SET per_second = excluded.per_second, updated_at = now()`,
        [input.businessId, input.sender, input.perSecond],
      );
    }
    await recordAudit(tx, {
      businessId: input.businessId,
      action: "sender.rate",
      targetType: "sender",
      targetId: input.sender,
      data: { perSecond: input.perSecond },
    });
  });
  cache.clear();
}
