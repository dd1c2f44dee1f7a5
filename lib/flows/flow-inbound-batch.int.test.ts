import { describe, expect, it } from "vitest";
import type { OutboundMessage, SendResult } from "@/lib/channels/message-provider";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { recordInboundBatched } from "@/lib/inbound/record-inbound-batched";
import { recordInboundMessages } from "@/lib/inbound/record-inbound-messages";
import { registerMessageProvider } from "@/lib/messages/dispatch/providers";
import { chatappSender, userCtx } from "@/test/conversations";
import { customerText } from "@/test/customer-text";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { drainAll } from "@/test/messages";
import type { FlowDefinitionInput } from "./definition";
import { createFlow, publishFlow } from "./flow-store";

// One inbound batch (concurrent webhooks, one transaction): the flows' writes are set-based
// for the batch, a conversation's several messages in it each move its run in turn, and the
// replies are dispatched by one job per business, each once, a customer's in order.

/** A provider that answers each message after ANSWER_MS, sending a call's messages in parallel. */
const ANSWER_MS = 40;
const calls: Array<{ messageId: string; to: string; text: string; startedAt: number; answeredAt: number }> =
  [];
const sendOne = async (m: OutboundMessage): Promise<SendResult> => {
  const startedAt = performance.now();
  await new Promise((r) => setTimeout(r, ANSWER_MS));
  const text = m.content.kind === "text" ? m.content.text : m.content.kind;
  calls.push({ messageId: m.messageId, to: m.to, text, startedAt, answeredAt: performance.now() });
  return { ok: true, providerMessageId: `rec.${m.messageId}` };
};
registerMessageProvider({
  name: "test-recording",
  idempotentSends: true,
  send: sendOne,
  sendMany: (messages) => Promise.all(messages.map(sendOne)),
});

const flow: FlowDefinitionInput = {
  triggers: [{ type: "keyword", match: "contains", words: ["order"] }],
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
    { id: "done", type: "end", text: "Thanks." },
  ],
};

async function withFlow(): Promise<TestBusiness> {
  const t = await createTestBusiness();
  const admin = userCtx(t.business.id, t.admin.id, "BUSINESS_ADMIN");
  const created = await createFlow(admin, t.business.id, { name: "order", definition: flow });
  await publishFlow(admin, t.business.id, created.id);
  await rawQuery(
    db(),
    `UPDATE business_channels SET provider = 'test-recording' WHERE business_id = $1 AND channel = 'chatapp'`,
    [t.business.id],
  );
  return t;
}

describe("a flow's replies to one inbound batch", () => {
  it("go out through one dispatch job for the batch, each once, a customer's reply answered before its question is sent", async () => {
    const t = await withFlow();
    const customers = Array.from({ length: 12 }, (_, i) => `9193${String(i).padStart(8, "0")}`);
    await Promise.all(
      customers.map((c) =>
        recordInboundBatched({
          businessId: t.business.id,
          channel: "chatapp",
          provider: "simulator",
          messages: [customerText(c, chatappSender(t), { text: "Where is my order?" })],
        }),
      ),
    );
    const [batch] = await rawQuery<{ txs: number }>(
      db(),
      `SELECT count(DISTINCT xmin::text)::int AS txs FROM inbound_messages WHERE business_id = $1`,
      [t.business.id],
    );
    expect(batch!.txs).toBe(1);
    const sent = await rawQuery<{ id: string; recipient: string; text: string }>(
      db(),
      `SELECT id, recipient, content->>'text' AS text FROM messages WHERE business_id = $1 ORDER BY id`,
      [t.business.id],
    );
    expect(sent).toHaveLength(2 * customers.length);
    const jobs = await rawQuery<{ ids: string[]; leased: boolean }>(
      db(),
      `SELECT data->'ids' AS ids, (data->>'leased')::boolean AS leased FROM pgboss.job
       WHERE name = 'messages.dispatch' AND data->>'businessId' = $1`,
      [t.business.id],
    );
    // One job for the batch's 24 replies, in the order they were written (not one per reply).
    expect(jobs).toEqual([{ ids: sent.map((m) => m.id), leased: true }]);
    // The batch's new runs, written once as their steps left them: waiting at the question
    // with its timeout (the default day) as their timer, in the batch's one transaction.
    const runs = await rawQuery<{
      state: string;
      step_id: string;
      hours: number;
      wake: boolean;
      steps: string[];
    }>(
      db(),
      `SELECT r.state, r.step_id, round(extract(epoch FROM r.wake_at - r.created_at) / 3600)::int AS hours,
              r.wake_id IS NOT NULL AS wake,
              array(SELECT s.step_id || ':' || s.type FROM flow_run_steps s WHERE s.run_id = r.id ORDER BY s.id) AS steps
       FROM flow_runs r WHERE r.business_id = $1`,
      [t.business.id],
    );
    expect(runs).toEqual(
      customers.map(() => ({
        state: "waiting",
        step_id: "ask",
        hours: 24,
        wake: true,
        steps: ["hello:send_text", "ask:ask"],
      })),
    );

    await drainAll();
    const after = await rawQuery<{ status: string; provider_message_id: string | null; attempts: number }>(
      db(),
      `SELECT status, provider_message_id, dispatch_attempts AS attempts FROM messages WHERE business_id = $1 ORDER BY id`,
      [t.business.id],
    );
    expect(after.every((m) => m.status !== "attempted" && m.provider_message_id !== null)).toBe(true);
    // Each reply reached the provider exactly once ...
    expect(calls.map((c) => c.messageId).sort()).toEqual(sent.map((m) => m.id).sort());
    // ... and a customer's question only after the provider had answered for the reply before it.
    for (const c of customers) {
      const mine = calls.filter((x) => x.to === c);
      const reply = mine.find((x) => x.text === "Hi! Let's find your order.")!;
      const question = mine.find((x) => x.text === "What is your order number?")!;
      expect(question.startedAt).toBeGreaterThanOrEqual(reply.answeredAt);
    }
  });

  it("dispatches a reply sent outside a batch (one customer's message) by its own job, as before", async () => {
    const t = await withFlow();
    await recordInboundMessages(systemCtx("test"), {
      businessId: t.business.id,
      channel: "chatapp",
      provider: "simulator",
      messages: [customerText("919400000001", chatappSender(t), { text: "order" })],
    });
    const jobs = await rawQuery<{ n: number }>(
      db(),
      `SELECT jsonb_array_length(data->'ids') AS n FROM pgboss.job
       WHERE name = 'messages.dispatch' AND data->>'businessId' = $1`,
      [t.business.id],
    );
    expect(jobs.map((j) => j.n)).toEqual([1, 1]);
    await drainAll();
    expect(
      calls
        .filter((c) => c.to === "919400000001")
        .map((c) => c.text)
        .sort(),
    ).toEqual(["Hi! Let's find your order.", "What is your order number?"]);
  });

  it("moves a run once per message when a customer's question and answer arrive in one batch, next to another customer's start", async () => {
    const t = await withFlow();
    const [quick, other] = ["919500000001", "919500000002"];
    const to = chatappSender(t);
    const at = (s: number) => new Date(Date.now() - 10_000 + s * 1000);
    await Promise.all([
      recordInboundBatched({
        businessId: t.business.id,
        channel: "chatapp",
        provider: "simulator",
        messages: [
          customerText(quick, to, { text: "my order please", at: at(0) }),
          customerText(quick, to, { text: "4711", at: at(1) }),
        ],
      }),
      recordInboundBatched({
        businessId: t.business.id,
        channel: "chatapp",
        provider: "simulator",
        messages: [customerText(other, to, { text: "order", at: at(0) })],
      }),
    ]);
    const sentTo = async (customer: string) =>
      (
        await rawQuery<{ text: string }>(
          db(),
          `SELECT content->>'text' AS text FROM messages WHERE business_id = $1 AND recipient = $2 ORDER BY id`,
          [t.business.id, customer],
        )
      ).map((r) => r.text);
    expect(await sentTo(quick)).toEqual([
      "Hi! Let's find your order.",
      "What is your order number?",
      "Thanks.",
    ]);
    expect(await sentTo(other)).toEqual(["Hi! Let's find your order.", "What is your order number?"]);
    const runs = await rawQuery<{
      customer: string;
      state: string;
      variables: object;
      steps: string[];
      conv: string;
    }>(
      db(),
      `SELECT c.customer, r.state, r.variables, c.state AS conv,
              array(SELECT s.step_id || ':' || s.type FROM flow_run_steps s WHERE s.run_id = r.id ORDER BY s.id) AS steps
       FROM flow_runs r JOIN conversations c ON c.id = r.conversation_id WHERE r.business_id = $1 ORDER BY c.customer`,
      [t.business.id],
    );
    expect(runs).toEqual([
      {
        customer: quick,
        state: "completed",
        variables: { order: "4711" },
        conv: "resolved",
        steps: ["hello:send_text", "ask:ask", "ask:answer", "done:end"],
      },
      {
        customer: other,
        state: "waiting",
        variables: {},
        conv: "open",
        steps: ["hello:send_text", "ask:ask"],
      },
    ]);
  });
});
