import { enqueueCallbacks } from "../../callbacks/enqueue-callbacks";
import type { CallbackEvent } from "../../callbacks/schemas";
import { inTransaction, systemCtx } from "../../context";
import { rawQuery } from "../../db/sql";
import { NO_ARM } from "../../promotions/ab/arm-deal";
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
 * One batch of clicks in one transaction (all or nothing): the rows, their campaigns' counters
 * (the recipient's arm in promotion_arm_counters: every human click, the recipient's first one
 * as a clicker, previews and bots; the hour's in promotion_click_hours, a number counted once
 * per hour), and a `message.clicked` callback for each human click newly written (for the
 * endpoints that opted in to it). A click already written is neither written, counted nor told
 * twice, so a batch tried again after a lost answer raises no second callback.
 *
 * Whether a click is its number's first (ever, or in its hour) is read from the clicks written
 * before this statement and the batch's own order. Two writers (two instances) of one campaign's
 * clicks take turns on its counters rows first (locked in key order, as every writer of them
 * locks), so the second sees the first's clicks and no clicker is counted twice.
 */
export async function writeClicks(batch: Click[]): Promise<void> {
  if (batch.length === 0) return;
  await inTransaction(systemCtx("link-clicks"), async (tx) => {
    const campaigns = [...new Set(batch.flatMap((c) => (c.promotionId ? [c.promotionId] : [])))].sort();
    if (campaigns.length > 0)
      await rawQuery(
        tx.db,
        `SELECT 1 FROM promotion_arm_counters WHERE promotion_id = ANY($1::uuid[])
         ORDER BY promotion_id, arm FOR UPDATE`,
        [campaigns],
      );
    const humans = await rawQuery<Written>(
      tx.db,
      `WITH written AS (
         INSERT INTO link_clicks (id, business_id, code, promotion_id, phone, message_id, clicked_at, agent_class, user_agent)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::uuid[], $5::text[], $6::uuid[], $7::timestamptz[],
                              $8::text[], $9::text[])
         ON CONFLICT (id) DO NOTHING
         RETURNING id, business_id, code, promotion_id, phone, message_id, clicked_at, agent_class, user_agent),
       campaign AS (
         SELECT w.promotion_id, coalesce(r.arm, $10::smallint) AS arm, w.agent_class, h.hour,
                w.agent_class = 'human'
                  AND row_number() OVER (PARTITION BY w.promotion_id, w.phone, w.agent_class ORDER BY w.id) = 1
                  AND NOT EXISTS (SELECT 1 FROM link_clicks k WHERE k.business_id = w.business_id
                    AND k.promotion_id = w.promotion_id AND k.phone = w.phone AND k.agent_class = 'human') AS first,
                w.agent_class = 'human'
                  AND row_number() OVER (PARTITION BY w.promotion_id, w.phone, w.agent_class, h.hour ORDER BY w.id) = 1
                  AND NOT EXISTS (SELECT 1 FROM link_clicks k WHERE k.business_id = w.business_id AND k.phone = w.phone
                    AND k.clicked_at >= h.hour AND k.clicked_at < h.hour + interval '1 hour'
                    AND k.promotion_id = w.promotion_id AND k.agent_class = 'human') AS first_in_hour
         FROM written w
         CROSS JOIN LATERAL (SELECT date_trunc('hour', w.clicked_at, 'UTC') AS hour) h
         LEFT JOIN promotion_recipients r ON r.promotion_id = w.promotion_id AND r.business_id = w.business_id
           AND r.phone = w.phone
         WHERE w.promotion_id IS NOT NULL),
       arms AS (
         INSERT INTO promotion_arm_counters (promotion_id, arm, business_id, clicked, clicks, previews, bots)
         SELECT c.promotion_id, c.arm, p.business_id, count(*) FILTER (WHERE c.first),
                count(*) FILTER (WHERE c.agent_class = 'human'), count(*) FILTER (WHERE c.agent_class = 'preview'),
                count(*) FILTER (WHERE c.agent_class = 'bot')
         FROM campaign c JOIN promotions p ON p.id = c.promotion_id
         GROUP BY c.promotion_id, c.arm, p.business_id ORDER BY c.promotion_id, c.arm
         ON CONFLICT (promotion_id, arm) DO UPDATE SET clicked = promotion_arm_counters.clicked + excluded.clicked,
           clicks = promotion_arm_counters.clicks + excluded.clicks,
           previews = promotion_arm_counters.previews + excluded.previews,
           bots = promotion_arm_counters.bots + excluded.bots),
       hours AS (
         INSERT INTO promotion_click_hours (promotion_id, hour, business_id, clicks, clickers, previews, bots)
         SELECT c.promotion_id, c.hour, p.business_id, count(*) FILTER (WHERE c.agent_class = 'human'),
                count(*) FILTER (WHERE c.first_in_hour), count(*) FILTER (WHERE c.agent_class = 'preview'),
                count(*) FILTER (WHERE c.agent_class = 'bot')
         FROM campaign c JOIN promotions p ON p.id = c.promotion_id
         GROUP BY c.promotion_id, c.hour, p.business_id ORDER BY c.promotion_id, c.hour
         ON CONFLICT (promotion_id, hour) DO UPDATE SET clicks = promotion_click_hours.clicks + excluded.clicks,
           clickers = promotion_click_hours.clickers + excluded.clickers,
           previews = promotion_click_hours.previews + excluded.previews,
           bots = promotion_click_hours.bots + excluded.bots)
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
        NO_ARM,
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
