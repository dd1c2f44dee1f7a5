import type pg from "pg";

/**
 * Makes the demo business's chatapp sender one served by the WhatsApp Cloud API adapter, so
 * Meta's webhook finds the business by its phone_number_id, and lifts routing's open limit so
 * the limit is not what a bench measures. Returns the phone_number_id to write to.
 */
export async function whatsappCloudInbound(sql: pg.Client, businessId: string): Promise<string> {
  const [{ phone }] = (
    await sql.query<{ phone: string }>(
      `UPDATE business_channels SET provider = 'whatsapp-cloud' WHERE business_id = $1 AND channel = 'chatapp'
       RETURNING config->'phoneNumberIds'->>0 AS phone`,
      [businessId],
    )
  ).rows as [{ phone: string }];
  await sql.query(
    `INSERT INTO conversation_settings (business_id, open_limit) VALUES ($1, 1000000)
     ON CONFLICT (business_id) DO UPDATE SET open_limit = 1000000`,
    [businessId],
  );
  return phone;
}
