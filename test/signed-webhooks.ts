import { createHmac } from "node:crypto";

// Provider webhooks as Meta and Google sign and send them, for tests that post them over HTTP.

export type SignedWebhook = {
  path: string;
  headers: Record<string, string>;
  body: string;
  messageIds: string[];
};

/** Meta's webhook of `messages` (text) from `from` numbers to `phoneNumberId`, signed with the app secret. */
export function whatsappInbound(
  appSecret: string,
  phoneNumberId: string,
  messages: Array<{ id: string; from: string; text: string }>,
): SignedWebhook {
  const at = String(Math.floor(Date.now() / 1000));
  const body = JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "waba",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: phoneNumberId, phone_number_id: phoneNumberId },
              contacts: messages.map((m) => ({ profile: { name: "Customer" }, wa_id: m.from })),
              messages: messages.map((m) => ({
                from: m.from,
                id: m.id,
                timestamp: at,
                type: "text",
                text: { body: m.text },
              })),
            },
          },
        ],
      },
    ],
  });
  return {
    path: "/api/webhooks/whatsapp",
    headers: {
      "content-type": "application/json",
      "x-hub-signature-256": `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`,
    },
    body,
    messageIds: messages.map((m) => m.id),
  };
}

/** An RBM user message as Google's Pub/Sub push delivers it, signed with the client token. */
export function rbmInbound(
  clientToken: string,
  agentId: string,
  m: { id: string; from: string; text: string },
): SignedWebhook {
  const data = Buffer.from(
    JSON.stringify({
      senderPhoneNumber: `+${m.from}`,
      messageId: m.id,
      sendTime: new Date().toISOString(),
      text: m.text,
      agentId,
    }),
  );
  const body = JSON.stringify({
    message: {
      data: data.toString("base64"),
      messageId: `push-${m.id}`,
      publishTime: new Date().toISOString(),
    },
    subscription: "projects/rbm-test/subscriptions/rbm-agent-sub",
  });
  return {
    path: "/api/webhooks/rbm",
    headers: {
      "content-type": "application/json",
      "x-goog-signature": createHmac("sha512", clientToken).update(data).digest("base64"),
    },
    body,
    messageIds: [m.id],
  };
}

/** Posts a webhook: its status, or 0 when the connection failed (a killed server). */
export async function post(base: string, w: SignedWebhook): Promise<number> {
  try {
    const r = await fetch(`${base}${w.path}`, { method: "POST", headers: w.headers, body: w.body });
    await r.arrayBuffer();
    return r.status;
  } catch {
    return 0;
  }
}
