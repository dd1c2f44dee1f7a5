import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";

/** What a subscriber's history says, derived from it when read (epoch seconds; null: never). */
export type SubscriberActivity = {
  /** The customer's first conversation with the business, on any channel. */
  firstMessageAt: number | null;
  /** The customer's latest message. */
  lastMessageAt: number | null;
  /** The latest campaign message sent to the number, and its campaign. */
  lastCampaign: { promotionId: string; name: string; sentAt: number } | null;
  /** The latest campaign message the customer read. */
  lastReadAt: number | null;
  /** The latest tracked-link click of a person (previews and bots aside). */
  lastClickAt: number | null;
};

type Row = {
  first_message_at: Date | null;
  last_message_at: Date | null;
  last_campaign_id: string | null;
  last_campaign_name: string | null;
  last_campaign_at: Date | null;
  last_read_at: Date | null;
  last_click_at: Date | null;
};

const epoch = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/**
 * A subscriber's activity, read from the conversations, the campaign recipients (through their
 * (business, phone) index, sent ones only), their messages' read time and the tracked clicks
 * (by (business, phone)), rather than kept on the profile: the inbound, status and click hot
 * paths write nothing more for it, and it is always what the history says.
 */
export async function subscriberActivity(
  ctx: Ctx,
  businessId: string,
  phone: string,
): Promise<SubscriberActivity> {
  const [row] = await rawQuery<Row>(
    ctx.db,
    `SELECT
       (SELECT min(c.created_at) FROM conversations c WHERE c.business_id = $1 AND c.customer = $2) AS first_message_at,
       (SELECT max(c.last_customer_message_at) FROM conversations c WHERE c.business_id = $1 AND c.customer = $2) AS last_message_at,
       lc.promotion_id AS last_campaign_id, lc.name AS last_campaign_name, lc.sent_at AS last_campaign_at,
       (SELECT max(m.read_at) FROM promotion_recipients r
          JOIN messages m ON m.business_id = $1 AND m.id = r.message_id
          WHERE r.business_id = $1 AND r.phone = $2 AND r.message_id IS NOT NULL) AS last_read_at,
       (SELECT max(k.clicked_at) FROM link_clicks k
          WHERE k.business_id = $1 AND k.phone = $2 AND k.agent_class = 'human') AS last_click_at
     FROM (SELECT 1) one
     LEFT JOIN LATERAL (
       SELECT r.promotion_id, p.name, m.created_at AS sent_at FROM promotion_recipients r
       JOIN promotions p ON p.business_id = $1 AND p.id = r.promotion_id
       JOIN messages m ON m.business_id = $1 AND m.id = r.message_id
       WHERE r.business_id = $1 AND r.phone = $2 AND r.message_id IS NOT NULL
       ORDER BY m.created_at DESC LIMIT 1
     ) lc ON true`,
    [businessId, phone],
  );
  return {
    firstMessageAt: epoch(row!.first_message_at),
    lastMessageAt: epoch(row!.last_message_at),
    lastCampaign:
      row!.last_campaign_id && row!.last_campaign_at
        ? {
            promotionId: row!.last_campaign_id,
            name: row!.last_campaign_name ?? "",
            sentAt: epoch(row!.last_campaign_at)!,
          }
        : null,
    lastReadAt: epoch(row!.last_read_at),
    lastClickAt: epoch(row!.last_click_at),
  };
}
