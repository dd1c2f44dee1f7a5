import type { RowOf } from "../../db/row-of";
import type { senderRateLimits } from "@/db/schema";
import { recordAudit } from "../../audit/record-audit";
import { getBusiness } from "../../businesses/list-businesses";
import type { Channel } from "../../businesses/schemas";
import { inTransaction, type Ctx } from "../../context";
import { AppError } from "../../errors";
import { rawQuery } from "../../db/sql";
import { messagesConfig } from "./config";
import { sendersOf, type SenderRateView } from "./list-sender-rates";
import { setSenderRateInput, type SetSenderRateInput } from "./sender-rate-schemas";
import type { SenderKey } from "./sender-tokens";
import { senderNamesOf } from "../../senders/list-senders";
import { senderLabel } from "../../senders/sender-label";
import { ttlCache } from "../../cache/ttl-cache";

export { MAX_SENDER_RATE, setSenderRateInput, type SetSenderRateInput } from "./sender-rate-schemas";

const cache = ttlCache<number>();

/** Messages per second the sender may dispatch: its own limit, else MESSAGES_SENDER_RATE. */
export async function senderRate(ctx: Ctx, key: SenderKey): Promise<number> {
  return cache.get(`${key.businessId}|${key.channel}|${key.sender}`, async () => {
    const [row] = await rawQuery<Pick<RowOf<typeof senderRateLimits>, "per_second">>(
      ctx.db,
      `SELECT per_second FROM sender_rate_limits WHERE business_id = $1 AND channel = $2 AND sender = $3`,
      [key.businessId, key.channel, key.sender],
    );
    return row?.per_second ?? messagesConfig().MESSAGES_SENDER_RATE;
  });
}

/**
 * Sets (or clears, with null) a sender's dispatch limit, e.g. after Meta raised the number's
 * tier. Operator action (console, admin CLI, operator API): business API keys only read it
 * (docs/decisions/sender-rate-set-by-operator.md). The sender must be one of the business's chatapp phoneNumberIds or its
 * RCS agent id (`channel` says which when both carry the id); a stored limit for an id the
 * business no longer has can still be cleared. This process's dispatcher sees the change at
 * once, other processes within MESSAGES_CACHE_MS.
 */
export async function setSenderRate(ctx: Ctx, raw: SetSenderRateInput): Promise<SenderRateView> {
  const input = setSenderRateInput.parse(raw);
  const view = await inTransaction(ctx, async (tx) => {
    const business = await getBusiness(tx, input.businessId);
    const known = sendersOf(business.channels).filter(
      (s) => s.sender === input.sender && (!input.channel || s.channel === input.channel),
    );
    const storedRows = await rawQuery<{ channel: Channel; per_second: number }>(
      tx.db,
      `SELECT channel, per_second FROM sender_rate_limits
       WHERE business_id = $1 AND sender = $2 AND ($3::text IS NULL OR channel = $3) ORDER BY channel`,
      [input.businessId, input.sender, input.channel ?? null],
    );
    // A limit is set only for a sender the business has; a stored one can always be cleared.
    const candidates = known.length > 0 || input.perSecond !== null ? known : storedRows;
    if (candidates.length === 0) throw unknownSender(input.sender);
    if (candidates.length > 1) throw ambiguousSender(input.sender);
    const channel = candidates[0]!.channel;
    const stored = storedRows.find((r) => r.channel === channel);
    const key = [input.businessId, channel, input.sender];
    if (input.perSecond === null) {
      await rawQuery(
        tx.db,
        `DELETE FROM sender_rate_limits WHERE business_id = $1 AND channel = $2 AND sender = $3`,
        key,
      );
    } else {
      await rawQuery(
        tx.db,
        `INSERT INTO sender_rate_limits (business_id, channel, sender, per_second) VALUES ($1, $2, $3, $4)
         ON CONFLICT (business_id, channel, sender) DO UPDATE SET per_second = excluded.per_second, updated_at = now()`,
        [...key, input.perSecond],
      );
    }
    await recordAudit(tx, {
      businessId: input.businessId,
      action: "sender.rate",
      targetType: "sender",
      targetId: input.sender,
      data: { channel, perSecond: input.perSecond, previous: stored?.per_second ?? null },
    });
    const names = (await senderNamesOf(tx, input.businessId, channel, [input.sender])).get(input.sender);
    return {
      sender: input.sender,
      label: senderLabel({
        channel,
        sender: input.sender,
        displayName: names?.displayName ?? null,
        displayNumber: names?.displayNumber ?? null,
      }),
      channel: known.length > 0 ? channel : null,
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

function ambiguousSender(sender: string): AppError {
  const message = `'${sender}' is both a chatapp phoneNumberId and the RCS agent id of this business, each with its own limit: say which with channel "chatapp" or "rcs"`;
  return new AppError("invalid_request", message, [
    { path: "channel", message: 'Required here: "chatapp" or "rcs"' },
  ]);
}
