import pg from "pg";
import type { BenchServer } from "./server-process";

/**
 * What the messaging benchmarks need on a fresh server, through the public API only: the
 * demo business's chatapp sender and an APPROVED template (created with D1; the simulator
 * approves it, SIMULATOR_TEMPLATE_REVIEW_SECONDS=0).
 */
export async function approvedTemplate(
  server: BenchServer,
  name: string,
  components: unknown[],
  /** For a server without workers (ROLE=api): run the review job through the drain route. */
  operatorSecret?: string,
): Promise<{ name: string; phoneNumberId: string }> {
  const headers = { "x-api-key": server.apiKey, "content-type": "application/json" };
  const { channels } = (await (
    await fetch(`${server.url}/api/v3/business/${server.businessId}/channels`, { headers })
  ).json()) as {
    channels: Array<{ channel: string; phoneNumberIds: string[] }>;
  };
  const phoneNumberId = channels.find((c) => c.channel === "chatapp")!.phoneNumberIds[0]!;
  const created = await fetch(`${server.url}/api/v1/template/${server.businessId}`, {
    method: "POST",
    headers,
    body: JSON.stringify({ name, language: "en_US", category: "UTILITY", components }),
  });
  if (created.status !== 200) throw new Error(`template create: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  const deadline = Date.now() + 120_000; // worker processes start slowly on a loaded machine
  for (;;) {
    const t = (await (
      await fetch(`${server.url}/api/v1/template/id/${server.businessId}?templateId=${id}`, { headers })
    ).json()) as {
      status?: string;
    };
    if (t.status === "APPROVED") return { name, phoneNumberId };
    if (Date.now() > deadline) throw new Error(`template not approved: ${JSON.stringify(t)}`);
    if (operatorSecret)
      await fetch(`${server.url}/api/internal/dispatch?maxJobs=10`, {
        method: "POST",
        headers: { authorization: `Bearer ${operatorSecret}` },
      });
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const bodyTemplate = [
  {
    type: "BODY",
    text: "Hello {{1}}, your order {{2}} has shipped.",
    example: { body_text: [["Asha", "A-1"]] },
  },
];

/** Gives the business's chatapp channel `count` senders in all (the first one kept); their ids. */
export async function withSenders(server: BenchServer, first: string, count: number, prefix: string) {
  const senders = [first, ...Array.from({ length: count - 1 }, (_, k) => `${prefix}${k + 2}`)];
  const c = new pg.Client({ connectionString: server.sqlUrl });
  await c.connect();
  try {
    await c.query(
      `UPDATE business_channels SET config = jsonb_set(config, '{phoneNumberIds}', $2::jsonb)
       WHERE business_id = $1 AND channel = 'chatapp'`,
      [server.businessId, JSON.stringify(senders)],
    );
  } finally {
    await c.end();
  }
  return senders;
}

/** Subscribes the receiver to the business's message statuses; the endpoint's signing secret. */
export async function subscribeReceiver(
  server: BenchServer,
  receiver: { port: number; setSecret(secret: string): Promise<void> },
): Promise<string> {
  const ep = await fetch(`${server.url}/api/v3/callbacks/${server.businessId}/endpoints`, {
    method: "POST",
    headers: { "x-api-key": server.apiKey, "content-type": "application/json" },
    body: JSON.stringify({ url: `http://127.0.0.1:${receiver.port}/hook`, events: ["message.status"] }),
  });
  const { secret } = (await ep.json()) as { secret: string };
  await receiver.setSecret(secret);
  return secret;
}

/** The A1/B1 `message` of template `name`: its body's variables `values`, then `more` components. */
export const templateMessage = (name: string, values: string[], more: object[] = []) => ({
  messageType: "template",
  name,
  language: "en_US",
  components: [
    { componentType: "body", parameters: values.map((text) => ({ type: "text", text })) },
    ...more,
  ],
});

/**
 * A B1 body of `n` subscribers numbered from `first` (numbers ending in 1: the simulator takes
 * them all the way to read) for the two-variable body template (`withButton`: plus its URL
 * button's variable).
 */
export function bulkBody(input: {
  name: string;
  n: number;
  first: number;
  sender: string;
  withButton?: boolean;
}) {
  const { name, n, first, sender, withButton } = input;
  const button = {
    componentType: "button",
    index: "0",
    sub_type: "url",
    parameters: [{ type: "text", text: "3" }],
  };
  return JSON.stringify({
    message: templateMessage(name, ["1", "2"], withButton ? [button] : []),
    subscribers: Array.from({ length: n }, (_, i) => ({
      subscriberId: `9199${String(first + i).padStart(7, "0")}1`,
      variables: withButton ? [`Kid${i}`, String(1000 + i), `?Kid_ID=${i}`] : [`Kid${i}`, String(1000 + i)],
    })),
    phoneNumberId: sender,
  });
}
