import { getDefaultCountry } from "../../businesses/get-default-country";
import { inTransaction, type Ctx } from "../../context";
import { rawQuery } from "../../db/sql";
import { invalid } from "../../errors";
import { uuidv7 } from "../../ids";
import { readTypedPhone } from "../../phone/typed-reading";
import { conversionDoc, type ConversionRow } from "./conversion-row";
import { creditConversionArms } from "./credit-conversion-arms";
import type { ConversionDoc, ConversionInput } from "./schemas";

/**
 * Stores a conversion once per event id and attributes it by the business's model
 * (attribution-model.ts): last touch, to the latest campaign message the number was sent
 * (recipient sent, delivered or read) no later than the event and within that campaign's
 * attributionWindow hours before it; last click, to the campaign of the number's latest human
 * click of a tracked link (never a preview's or a bot's) no later than the event and within the
 * campaign's window before it. Outside every window it is kept unattributed. One INSERT ... SELECT, so two requests with the same event id at once store one
 * row and both answer it; a new one is counted in its A/B arms in the same transaction
 * (creditConversionArms). `created` is false when the event id was already stored: the stored
 * conversion is answered unchanged (the first report wins) and counted nowhere again.
 */
export async function recordConversion(
  ctx: Ctx,
  businessId: string,
  input: ConversionInput,
): Promise<{ created: boolean; conversion: ConversionDoc }> {
  const phone = await phoneOf(ctx, businessId, input);
  const at = new Date(input.occurredAt ?? Date.now());
  const inserted = await inTransaction(ctx, async (tx) => {
    const rows = await rawQuery<ConversionRow>(
      tx.db,
      `WITH model AS (SELECT attribution_model AS m FROM businesses WHERE id = $2),
     touch AS (
       SELECT r.promotion_id, s.message_id FROM promotion_recipients r
       JOIN promotion_sends s ON s.promotion_id = r.promotion_id AND s.seq = r.seq
       JOIN promotions p ON p.id = r.promotion_id AND p.business_id = r.business_id
       WHERE (SELECT m FROM model) = 'last_touch'
         AND r.business_id = $2 AND r.phone = $5 AND r.message_id IS NOT NULL
         AND r.state IN ('sent', 'delivered', 'read')
         AND s.created_at <= $9 AND s.created_at > $9 - make_interval(hours => p.attribution_window)
       ORDER BY s.created_at DESC LIMIT 1),
     click AS (
       SELECT k.promotion_id, k.message_id FROM link_clicks k
       JOIN promotions p ON p.id = k.promotion_id AND p.business_id = k.business_id
       WHERE (SELECT m FROM model) = 'last_click'
         AND k.business_id = $2 AND k.phone = $5 AND k.agent_class = 'human'
         AND k.clicked_at <= $9 AND k.clicked_at > $9 - make_interval(hours => p.attribution_window)
       ORDER BY k.clicked_at DESC LIMIT 1),
     picked AS (
       SELECT promotion_id, message_id, 'last_touch' AS how FROM touch
       UNION ALL SELECT promotion_id, message_id, 'last_click' FROM click)
     INSERT INTO conversions (id, business_id, event_id, event_name, phone, subscriber_id, value,
                              currency, occurred_at, promotion_id, message_id, attribution)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, t.promotion_id, t.message_id, coalesce(t.how, 'none')
     FROM (SELECT 1) one LEFT JOIN picked t ON true
     ON CONFLICT (business_id, event_id) DO NOTHING
     RETURNING *`,
      [
        uuidv7(),
        businessId,
        input.eventId,
        input.event,
        phone,
        input.subscriberId ?? null,
        input.value ?? null,
        input.currency ?? null,
        at,
      ],
    );
    if (rows[0]) await creditConversionArms(tx, rows[0]);
    return rows;
  });
  if (inserted[0]) return { created: true, conversion: conversionDoc(inserted[0]) };
  const [stored] = await rawQuery<ConversionRow>(
    ctx.db,
    `SELECT * FROM conversions WHERE business_id = $1 AND event_id = $2`,
    [businessId, input.eventId],
  );
  return { created: false, conversion: conversionDoc(stored!) };
}

/**
 * The number that converted: the phone given (read with the business's default country), else
 * the number of the subscriber id (a profile's businessSubscriberId, else the newest campaign
 * recipient with that subscriber id), else none (the conversion is kept, unattributed).
 */
async function phoneOf(ctx: Ctx, businessId: string, input: ConversionInput): Promise<string | null> {
  if (input.phone !== undefined) {
    const read = readTypedPhone(input.phone, await getDefaultCountry(ctx, businessId));
    if (!read.ok) throw invalid(`phone: ${read.reason}`, [{ path: "phone", message: read.reason }]);
    return read.e164;
  }
  const [row] = await rawQuery<{ phone: string }>(
    ctx.db,
    `SELECT phone FROM (
       (SELECT phone, 0 AS rank FROM profiles WHERE business_id = $1 AND business_subscriber_id = $2 LIMIT 1)
       UNION ALL
       (SELECT phone, 1 AS rank FROM promotion_recipients
        WHERE business_id = $1 AND subscriber_id = $2 AND message_id IS NOT NULL
        ORDER BY updated_at DESC LIMIT 1)) found
     ORDER BY rank LIMIT 1`,
    [businessId, input.subscriberId],
  );
  return row?.phone ?? null;
}
