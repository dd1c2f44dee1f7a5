import type { RowOf } from "../db/row-of";
import type { inboundMessages } from "@/db/schema";
import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";
import type { CustomerReplyView } from "./schemas";

/** What a number wrote to the business (any provider), newest first: the virtual phone's own bubbles. */
export async function listCustomerReplies(
  ctx: Ctx,
  input: { businessId: string; phone: string; limit?: number },
): Promise<CustomerReplyView[]> {
  const rows = await rawQuery<
    Pick<RowOf<typeof inboundMessages>, "id" | "channel" | "type" | "text" | "received_at">
  >(
    ctx.db,
    `SELECT id, channel, type, text, received_at FROM inbound_messages
     WHERE business_id = $1 AND "from" = $2 ORDER BY received_at DESC, id DESC LIMIT $3`,
    [input.businessId, input.phone, input.limit ?? 200],
  );
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    type: r.type,
    text: r.text,
    receivedAt: Math.floor(r.received_at.getTime() / 1000),
  }));
}
