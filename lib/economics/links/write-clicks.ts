import { enqueueCallbacks } from "../../callbacks/enqueue-callbacks";
import type { CallbackEvent } from "../../callbacks/schemas";
import { inTransaction, systemCtx } from "../../context";
import { rawQuery } from "../../db/sql";
import type { Click } from "./click-queue";

type Written = {
  id: string;
  business_id: string;
  promotion_id: string | null;
  phone: string;
  message_id: string | null;
  clicked_at: Date;
  user_agent: string | null;
  url: string;
};

/**
 * One batch of clicks in one transaction (all or nothing): the rows, and a `message.clicked`
 * callback for each human click newly written (for the endpoints that opted in to it). A click
 * already written is neither written nor told twice, so a batch tried again after a lost answer
 * raises no second callback.
 */
export async function writeClicks(batch: Click[]): Promise<void> {
  if (batch.length === 0) return;
  await inTransaction(systemCtx("link-clicks"), async (tx) => {
    const humans = await rawQuery<Written>(
      tx.db,
      `WITH written AS (
         INSERT INTO link_clicks (id, business_id, code, promotion_id, phone, message_id, clicked_at, agent_class, user_agent)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::uuid[], $5::text[], $6::uuid[], $7::timestamptz[],
                              $8::text[], $9::text[])
         ON CONFLICT (id) DO NOTHING
         RETURNING id, business_id, code, promotion_id, phone, message_id, clicked_at, agent_class, user_agent)
       SELECT w.id, w.business_id, w.promotion_id, w.phone, w.message_id, w.clicked_at, w.user_agent, l.url
       FROM written w JOIN tracked_links l ON l.code = w.code
       WHERE w.agent_class = 'human'`,
      [
        batch.map((c) => c.id),
        batch.map((c) => c.businessId),
        batch.map((c) => c.code),
        batch.map((c) => c.promotionId),
        batch.map((c) => c.phone),
        batch.map((c) => c.messageId),
        batch.map((c) => c.clickedAt),
        batch.map((c) => c.agentClass),
        batch.map((c) => c.userAgent),
      ],
    );
    const byBusiness = new Map<string, CallbackEvent<"message.clicked">[]>();
    for (const c of humans) {
      const events = byBusiness.get(c.business_id) ?? [];
      events.push({
        event: "message.clicked",
        payload: {
          clickId: c.id,
          messageId: c.message_id,
          promotionId: c.promotion_id,
          subscriberId: c.phone,
          url: c.url,
          userAgent: c.user_agent,
          occurredAt: Math.floor(new Date(c.clicked_at).getTime() / 1000),
        },
      });
      byBusiness.set(c.business_id, events);
    }
    for (const [businessId, events] of byBusiness) await enqueueCallbacks(tx, businessId, events);
  });
}
