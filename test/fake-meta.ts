import { createHmac } from "node:crypto";
import { startFakeServer } from "../lib/channels/testing/fake-http";

/**
 * A local stand-in for Meta's side of WhatsApp's Cloud API: the Graph API's send endpoint, which
 * counts every call by our message id (biz_opaque_callback_data) and answers with a wamid after
 * `answerMs`, and then, as Meta does, signed status webhooks ("sent", or the given ones) to the
 * server's /api/webhooks/whatsapp, each posted until it is answered 2xx.
 */
export async function startFakeMeta(opts: {
  appSecret: string;
  webhookBase: () => string;
  answerMs?: number;
  /** How long after a send its status webhook is posted (Meta's come seconds to minutes later). */
  statusAfterMs?: number;
  /** The statuses posted for each message, in order (default: sent). */
  statuses?: Array<"sent" | "delivered" | "read">;
}) {
  const calls = new Map<string, number>();
  let wamid = 0;
  let stopped = false;
  const pending: Promise<void>[] = [];
  const webhook = async (phoneNumberId: string, status: Record<string, unknown>) => {
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
                metadata: { phone_number_id: phoneNumberId },
                statuses: [status],
              },
            },
          ],
        },
      ],
    });
    const signature = `sha256=${createHmac("sha256", opts.appSecret).update(body).digest("hex")}`;
    for (let i = 0; i < 600 && !stopped; i++) {
      try {
        const r = await fetch(`${opts.webhookBase()}/api/webhooks/whatsapp`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-hub-signature-256": signature },
          body,
        });
        await r.arrayBuffer();
        if (r.ok) return;
      } catch {
        // The server is down: Meta tries again later.
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const server = await startFakeServer((req) => {
    const m = /^\/v21\.0\/([^/]+)\/messages$/.exec(req.path);
    if (req.method !== "POST" || !m) return { status: 404, json: { error: { message: "not faked" } } };
    const sent = JSON.parse(req.body) as { to: string; biz_opaque_callback_data?: string };
    const ours = sent.biz_opaque_callback_data ?? "";
    calls.set(ours, (calls.get(ours) ?? 0) + 1);
    const id = `wamid.FAKE${++wamid}`;
    pending.push(
      (async () => {
        await new Promise((r) => setTimeout(r, opts.statusAfterMs ?? 100));
        for (const status of opts.statuses ?? ["sent"]) {
          await webhook(m[1]!, {
            id,
            status,
            timestamp: String(Math.floor(Date.now() / 1000)),
            recipient_id: sent.to,
            biz_opaque_callback_data: ours,
          });
        }
      })(),
    );
    return { delayMs: opts.answerMs ?? 30, json: { messaging_product: "whatsapp", messages: [{ id }] } };
  });
  return {
    graphUrl: `${server.url}/v21.0`,
    /** Graph API calls per message id. */
    calls,
    close: async () => {
      stopped = true;
      await Promise.allSettled(pending);
      await server.close();
    },
  };
}
