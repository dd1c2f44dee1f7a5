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
