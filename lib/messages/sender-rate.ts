import { recordAudit } from "../audit/record-audit";
import { getBusiness } from "../businesses/list-businesses";
import { inTransaction, type Ctx } from "../context";
import { AppError } from "../errors";
import { rawQuery } from "../jobs/raw-sql";
import { messagesConfig } from "./config";
import { sendersOf, type SenderRateView } from "./list-sender-rates";
import { setSenderRateInput, type SetSenderRateInput } from "./sender-rate-schemas";
import { ttlCache } from "./ttl-cache";

export { MAX_SENDER_RATE, setSenderRateInput, type SetSenderRateInput } from "./sender-rate-schemas";

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

/**
 * Sets (or clears, with null) a sender's dispatch limit, e.g. after Meta raised the number's
 * tier. Operator action (console, admin CLI, operator API): business API keys only read it
 * (docs/decisions.md). The sender must be one of the business's chatapp phoneNumberIds or its
 * RCS agent id; a stored limit for an id the business no longer has can still be cleared.
 * This process's dispatcher sees the change at once, other processes within MESSAGES_CACHE_MS.
 */
export async function setSenderRate(ctx: Ctx, raw: SetSenderRateInput): Promise<SenderRateView> {
  const input = setSenderRateInput.parse(raw);
  const view = await inTransaction(ctx, async (tx) => {
    const business = await getBusiness(tx, input.businessId);
    const known = sendersOf(business.channels).find((s) => s.sender === input.sender);
    const [stored] = await rawQuery<{ per_second: number }>(
      tx.db,
      `SELECT per_second FROM sender_rate_limits WHERE business_id = $1 AND sender = $2`,
      [input.businessId, input.sender],
    );
    if (!known && !(input.perSecond === null && stored)) throw unknownSender(input.sender);
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
      data: { perSecond: input.perSecond, previous: stored?.per_second ?? null },
    });
    return {
      sender: input.sender,
      channel: known?.channel ?? null,
      perSecond: input.perSecond ?? messagesConfig().MESSAGES_SENDER_RATE,
      isDefault: input.perSecond === null,
    } satisfies SenderRateView;
  });
  cache.clear();
  return view;
}

function unknownSender(sender: string): AppError {
  const message = `'${sender}' is not a sender of this business: use one of its chatapp phoneNumberIds or its RCS agent id`;
  return new AppError("not_found", message, [{ path: "sender", message: "Not a sender of this business" }]);
}
