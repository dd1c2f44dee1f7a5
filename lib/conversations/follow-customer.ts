import type { CustomerChange } from "../channels/whatsapp-cloud/inbound-messages";
import { inTransaction, type Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { log } from "../log";
import type { ConversationRow } from "./conversation-row";
import { recordEvents } from "./record-event";
import { lockRouting } from "./routing-lock";
import { asCustomer } from "./system-actors";

/**
 * A WhatsApp customer now known by another address: they changed their number (Meta's
 * `system` notice), or a user known only by their user id shared their phone. Each of their
 * chatapp conversations moves to the new address, with a `customer_changed` event saying from
 * what to what, so the agent keeps the history and replies reach the customer where they are.
 * A conversation the new address already has with the same sender stays as it is (both are
 * kept; nothing is merged) and the old one is left in place. Repeating a change (a redelivered
 * webhook) finds nothing left at the old address and does nothing.
 */
export async function followCustomers(
  ctx: Ctx,
  businessId: string,
  changes: CustomerChange[],
): Promise<number> {
  const wanted = changes.filter((c) => c.from !== c.to);
  if (wanted.length === 0) return 0;
  return inTransaction(ctx, async (tx) => {
    // As every writer that changes existing conversations: the routing lock first.
    await lockRouting(tx, businessId);
    let moved = 0;
    for (const change of wanted) {
      const rows = await rawQuery<ConversationRow>(
        tx.db,
        `UPDATE conversations c SET customer = $3, updated_at = now()
         WHERE c.business_id = $1 AND c.channel = 'chatapp' AND c.customer = $2
           AND NOT EXISTS (SELECT 1 FROM conversations o WHERE o.business_id = c.business_id
             AND o.channel = c.channel AND o.sender = c.sender AND o.customer = $3)
         RETURNING c.*`,
        [businessId, change.from, change.to],
      );
      moved += rows.length;
      await recordEvents(
        asCustomer(tx),
        rows.map((after) => ({
          after,
          event: {
            type: "customer_changed" as const,
            detail: { from: change.from, to: change.to, reason: change.reason },
          },
        })),
      );
    }
    if (moved > 0) log.info({ businessId, moved }, "conversations followed their customer to a new address");
    return moved;
  });
}
