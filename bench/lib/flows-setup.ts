import type pg from "pg";
import { uuidv7 } from "../../lib/ids";

/** The keyword that starts the ask flow (a reply, then a question the run waits on). */
export const ASK_KEYWORD = "order";
/** The keyword that starts the wait flow (a `wait` step, then the end). */
export const WAIT_KEYWORD = "later";

/** Keyword -> send_text reply -> ask: each run that starts waits for the customer's answer. */
const askFlow = {
  triggers: [{ type: "keyword", match: "contains", words: [ASK_KEYWORD] }],
  start: "hello",
  steps: [
    { id: "hello", type: "send_text", text: "Hi! Let's find your order.", next: "ask" },
    {
      id: "ask",
      type: "ask",
      question: "What is your order number?",
      expect: "number",
      saveAs: "order",
      retries: 1,
      next: "done",
      onInvalid: null,
    },
    { id: "done", type: "end", text: "Order {{order}} ships tomorrow." },
  ],
};

/** Keyword (exact) -> wait `minutes` -> end without a message: each run waits on a timer. */
const waitFlow = (minutes: number) => ({
  triggers: [{ type: "keyword", match: "exact", words: [WAIT_KEYWORD] }],
  start: "pause",
  steps: [
    { id: "pause", type: "wait", minutes, next: "done" },
    { id: "done", type: "end" },
  ],
});

/** Creates and publishes one flow through the API (POST /api/v3/flows/{b}, then .../publish). */
async function publishedFlow(
  server: { url: string; apiKey: string; businessId: string },
  name: string,
  definition: object,
): Promise<string> {
  const headers = { "x-api-key": server.apiKey, "content-type": "application/json" };
  const base = `${server.url}/api/v3/flows/${server.businessId}`;
  const created = await fetch(base, { method: "POST", headers, body: JSON.stringify({ name, definition }) });
  if (created.status !== 201)
    throw new Error(`create flow ${name}: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  const published = await fetch(`${base}/${id}/publish`, { method: "POST", headers });
  if (!published.ok) throw new Error(`publish flow ${name}: ${published.status} ${await published.text()}`);
  return id;
}

/** The bench's two published flows: the ask flow and the wait flow (wait of `waitMinutes`). */
export async function benchFlows(
  server: { url: string; apiKey: string; businessId: string },
  waitMinutes: number,
): Promise<{ askFlowId: string; waitFlowId: string }> {
  return {
    askFlowId: await publishedFlow(server, "Bench order status", askFlow),
    waitFlowId: await publishedFlow(server, "Bench wait", waitFlow(waitMinutes)),
  };
}

/**
 * Adds `count` enabled, Available AGENT users, written with SQL (routing reads their status;
 * no one signs in: the bench measures the webhook's path, not the agents' streams).
 */
export async function availableAgents(sql: pg.Client, businessId: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++)
    await sql.query(
      `INSERT INTO users (id, business_id, email, password_hash, role, first_name, status)
       VALUES ($1, $2, $3, 'bench-no-sign-in', 'AGENT', $4, 'Available')`,
      [uuidv7(), businessId, `agent${i + 1}.${Date.now()}@bench.test`, `Agent ${i + 1}`],
    );
}
