import type { RowOf } from "../db/row-of";
import type { conversations } from "@/db/schema";
import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { invalid } from "../errors";
import { loadChannel } from "../messages/dispatch/sender-channel";

/**
 * The sender a run started for `phone` writes from: the one given (one of the business's
 * chatapp phoneNumberIds, or its RCS agent), else the sender of the customer's latest
 * conversation on the channel, else the channel's first. 400 at the field that is wrong.
 */
export async function senderFor(
  ctx: Ctx,
  businessId: string,
  input: { channel: "chatapp" | "rcs"; sender?: string; phone: string },
): Promise<string> {
  const settings = await loadChannel(ctx, businessId, input.channel);
  if (!settings?.enabled) {
    const message = `The ${input.channel} channel is not enabled for this business; ask the operator to enable it`;
    throw invalid(message, [{ path: "channel", message }]);
  }
  const senders =
    input.channel === "chatapp" ? settings.phoneNumberIds : settings.agentId ? [settings.agentId] : [];
  if (input.sender) {
    if (senders.includes(input.sender)) return input.sender;
    const message = `'${input.sender}' is not a ${input.channel} sender of this business (${input.channel === "chatapp" ? "one of its phoneNumberIds" : "its RCS agent id"})`;
    throw invalid(message, [{ path: "sender", message }]);
  }
  const [last] = await rawQuery<Pick<RowOf<typeof conversations>, "sender">>(
    ctx.db,
    `SELECT sender FROM conversations WHERE business_id = $1 AND channel = $2 AND customer = $3 AND sender = ANY($4::text[])
     ORDER BY last_message_at DESC LIMIT 1`,
    [businessId, input.channel, input.phone, senders],
  );
  const sender = last?.sender ?? senders[0];
  if (!sender) {
    const message = `This business has no ${input.channel} sender configured`;
    throw invalid(message, [{ path: "channel", message }]);
  }
  return sender;
}
