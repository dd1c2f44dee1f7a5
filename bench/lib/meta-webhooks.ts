import { createHmac } from "node:crypto";
import { Pool } from "undici";

/** Meta's `messages` webhook carrying one customer's text to the business's phone number. */
export function customerTextBody(phoneNumberId: string, from: string, id: string, text: string): string {
  return JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "bench-waba",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: phoneNumberId, phone_number_id: phoneNumberId },
              contacts: [{ wa_id: from, profile: { name: `Customer ${from.slice(-4)}` } }],
              messages: [
                {
                  id,
                  from,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: "text",
                  text: { body: text },
                },
              ],
            },
          },
        ],
      },
    ],
  });
}

/**
 * Posts bodies to the process-wide WhatsApp webhook (POST /api/webhooks/whatsapp) signed as
 * Meta signs them: X-Hub-Signature-256, the HMAC-SHA256 of the raw body with the app secret.
 * Keep-alive connections from one undici pool; resolves with the answer's status.
 */
export function metaWebhookClient(url: string, appSecret: string, connections: number) {
  const pool = new Pool(url, { connections });
  return {
    async post(body: string): Promise<number> {
      const signature = `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`;
      const res = await pool.request({
        path: "/api/webhooks/whatsapp",
        method: "POST",
        headers: { "content-type": "application/json", "x-hub-signature-256": signature },
        body,
      });
      await res.body.dump();
      return res.statusCode;
    },
    close: () => pool.close(),
  };
}
