import { db } from "../../db";
import { rawQuery } from "../../db/sql";
import type { Click } from "./click-queue";

/** One batch of clicks in one statement (all or nothing); a click already written is not written twice. */
export async function writeClicks(batch: Click[]): Promise<void> {
  if (batch.length === 0) return;
  await rawQuery(
    db(),
    `INSERT INTO link_clicks (id, business_id, code, promotion_id, phone, message_id, clicked_at, agent_class, user_agent)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::uuid[], $5::text[], $6::uuid[], $7::timestamptz[],
                          $8::text[], $9::text[])
     ON CONFLICT (id) DO NOTHING`,
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
}
