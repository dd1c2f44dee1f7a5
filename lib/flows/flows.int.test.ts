import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { replyToConversation } from "@/lib/conversations/reply-to-conversation";
import { conversationOf, createTeamOf, customerWrites, userCtx } from "@/test/conversations";
import { createTestBusiness, createTestUser, uniq, type TestBusiness } from "@/test/factories";
import type { FlowDefinitionInput } from "./definition";
import { assignConversation } from "@/lib/conversations/assign-conversation";
import { activeRunOf, activeRunsOf } from "./active-run-of";
import { createFlow, publishFlow, updateFlow } from "./flow-store";

// Flows answer a customer before any person: keyword triggers, questions with validated
// answers, branches, handover to a team through routing, immutable versions, and a person
// answering stops the bot. Customers' messages come in as a provider webhook stores them.

const phone = () => `9198${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
const admin = (t: TestBusiness) => userCtx(t.business.id, t.admin.id, "BUSINESS_ADMIN");

async function published(t: TestBusiness, definition: FlowDefinitionInput, name = `flow ${uniq()}`) {
  const flow = await createFlow(admin(t), t.business.id, { name, definition });
  return publishFlow(admin(t), t.business.id, flow.id);
}
/** What the business sent the customer, oldest first. */
const sentTo = async (t: TestBusiness, customer: string) =>
  (
    await rawQuery<{ text: string }>(
      db(),
      `SELECT content->>'text' AS text FROM messages WHERE business_id = $1 AND recipient = $2 ORDER BY id`,
      [t.business.id, customer],
    )
  ).map((r) => r.text);
const runsOf = (conversationId: string) =>
  rawQuery<{ state: string; variables: Record<string, string>; end_reason: string | null; version: number }>(
    db(),
    `SELECT state, variables, end_reason, version FROM flow_runs WHERE conversation_id = $1 ORDER BY id`,
    [conversationId],
  );

const orderFlow: FlowDefinitionInput = {
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
      next: "check",
      onInvalid: null,
    },
    {
      id: "check",
      type: "branch",
      rules: [{ when: { variable: "order", op: "equals", value: "4711" }, next: "found" }],
      otherwise: "unknown",
    },
    { id: "found", type: "end", text: "Order {{order}} ships tomorrow." },
    { id: "unknown", type: "handover", text: "Let me get a colleague for order {{order}}." },
  ],
};

describe("flows", () => {
  it("answers a keyword, asks until the answer fits, branches, and resolves the conversation it answered", async () => {
    const t = await createTestBusiness();
    await createTestUser(t.business.id); // an Available agent, who must not get it
    await published(t, orderFlow);
    const c = phone();
    await customerWrites(t, c, "Where is my ÓRDER?");
    const conv = await conversationOf(t.business.id, c);
    expect(conv.assignee_id).toBeNull();
    expect(await sentTo(t, c)).toEqual(["Hi! Let's find your order.", "What is your order number?"]);
    expect((await runsOf(conv.id))[0]).toMatchObject({ state: "waiting", version: 1 });

    await customerWrites(t, c, "no idea");
    expect((await sentTo(t, c)).at(-1)).toBe("Sorry, I didn't get that.\nWhat is your order number?");
    await customerWrites(t, c, "4711");
    expect((await sentTo(t, c)).at(-1)).toBe("Order 4711 ships tomorrow.");
    expect((await runsOf(conv.id))[0]).toMatchObject({ state: "completed", variables: { order: "4711" } });
    expect(await conversationOf(t.business.id, c)).toMatchObject({ state: "resolved", assignee_id: null });
    const steps = await rawQuery<{ step_id: string; type: string }>(
      db(),
      `SELECT s.step_id, s.type FROM flow_run_steps s JOIN flow_runs r ON r.id = s.run_id WHERE r.conversation_id = $1 ORDER BY s.id`,
      [conv.id],
    );
    expect(steps.map((s) => `${s.step_id}:${s.type}`)).toEqual([
      "hello:send_text",
      "ask:ask",
      "ask:answer",
      "ask:ask",
      "ask:answer",
      "check:branch",
      "found:end",
    ]);
  });

  it("hands over to the team the step names, through routing, with the whole exchange in the conversation", async () => {
    const t = await createTestBusiness();
    const outsider = await createTestUser(t.business.id);
    const member = await createTestUser(t.business.id);
    const teamId = await createTeamOf(t, [member.id]);
    const def = structuredClone(orderFlow);
    (def.steps[4] as { teamId?: string }).teamId = teamId;
    await published(t, def);
    const c = phone();
    await customerWrites(t, c, "order");
    await customerWrites(t, c, "12");
    const conv = await conversationOf(t.business.id, c);
    expect(conv.assignee_id).toBe(member.id);
    expect(conv.assignee_id).not.toBe(outsider.id);
    expect((await sentTo(t, c)).at(-1)).toBe("Let me get a colleague for order 12.");
    expect((await runsOf(conv.id))[0]).toMatchObject({ state: "handed_over" });
    // The agent has it now: another keyword starts nothing.
    const before = (await sentTo(t, c)).length;
    await customerWrites(t, c, "order again");
    expect((await sentTo(t, c)).length).toBe(before);
  });

  it("keeps a run in flight on the version it started on when version 2 is published", async () => {
    const t = await createTestBusiness();
    const flow = await published(t, orderFlow);
    const c = phone();
    await customerWrites(t, c, "order");
    const v2 = structuredClone(orderFlow);
    (v2.steps[3] as { text: string }).text = "v2: order {{order}} is on its way.";
    await updateFlow(admin(t), t.business.id, flow.id, { definition: v2 });
    expect((await publishFlow(admin(t), t.business.id, flow.id)).publishedVersion).toBe(2);
    await customerWrites(t, c, "4711");
    expect((await sentTo(t, c)).at(-1)).toBe("Order 4711 ships tomorrow.");
    // A new customer starts on version 2.
    const d = phone();
    await customerWrites(t, d, "order");
    await customerWrites(t, d, "4711");
    expect((await sentTo(t, d)).at(-1)).toBe("v2: order 4711 is on its way.");
    expect((await runsOf((await conversationOf(t.business.id, d)).id))[0]!.version).toBe(2);
  });

  it("stops when a person answers, and never takes an opt-out keyword", async () => {
    const t = await createTestBusiness();
    await published(t, orderFlow);
    await published(t, {
      triggers: [{ type: "fallback" }],
      start: "hi",
      steps: [{ id: "hi", type: "send_text", text: "Thanks for writing!" }],
    });
    const c = phone();
    await customerWrites(t, c, "order");
    const conv = await conversationOf(t.business.id, c);
    await replyToConversation(admin(t), t.business.id, conv.id, {
      type: "text",
      text: "I'm here, what's the number?",
    });
    expect((await runsOf(conv.id))[0]).toMatchObject({ state: "stopped", end_reason: "an agent answered" });
    const sent = (await sentTo(t, c)).length;
    await customerWrites(t, c, "4711");
    expect((await sentTo(t, c)).length).toBe(sent);

    const s = phone();
    await customerWrites(t, s, "STOP");
    expect(await sentTo(t, s)).toEqual([]);
    await customerWrites(t, s, "hello?");
    expect(await sentTo(t, s)).toEqual(["Thanks for writing!"]);
  });

  it("shows the inbox which flow holds a conversation, until an agent takes it over", async () => {
    const t = await createTestBusiness();
    const agent = await createTestUser(t.business.id);
    const flow = await published(t, orderFlow, "Order bot");
    const c = phone();
    await customerWrites(t, c, "order");
    const conv = await conversationOf(t.business.id, c);
    expect(await activeRunOf(admin(t), t.business.id, conv.id)).toMatchObject({
      flowId: flow.id,
      flowName: "Order bot",
      version: 1,
      state: "waiting",
      stepId: "ask",
    });
    // The list's page asks for many at once; another business's ids find nothing.
    const quiet = phone();
    await customerWrites(t, quiet, "hello");
    const quietConv = await conversationOf(t.business.id, quiet);
    const page = await activeRunsOf(admin(t), t.business.id, [conv.id, quietConv.id]);
    expect([...page.keys()]).toEqual([conv.id]);
    expect(page.get(conv.id)).toMatchObject({ flowName: "Order bot" });
    const other = await createTestBusiness();
    expect((await activeRunsOf(admin(other), other.business.id, [conv.id])).size).toBe(0);
    // "Take over": the agent takes the waiting conversation for itself.
    const agentCtx = userCtx(t.business.id, agent.id, "AGENT");
    await assignConversation(agentCtx, t.business.id, conv.id, { assigneeId: agent.id });
    expect(await activeRunOf(admin(t), t.business.id, conv.id)).toBeNull();
    expect((await runsOf(conv.id))[0]).toMatchObject({
      state: "stopped",
      end_reason: "assigned to an agent",
    });
    expect(await conversationOf(t.business.id, c)).toMatchObject({ assignee_id: agent.id });
  });

  it("ends a loop that never waits with a reason, and gives the conversation to routing", async () => {
    const t = await createTestBusiness();
    const agent = await createTestUser(t.business.id);
    await published(t, {
      triggers: [{ type: "keyword", words: ["loop"] }],
      start: "a",
      steps: [
        { id: "a", type: "set_variable", variable: "n", value: "x{{n}}", next: "b" },
        { id: "b", type: "set_variable", variable: "m", value: "y", next: "a" },
      ],
    });
    const c = phone();
    await customerWrites(t, c, "Loop!");
    const conv = await conversationOf(t.business.id, c);
    expect((await runsOf(conv.id))[0]).toMatchObject({
      state: "failed",
      end_reason: "more than 50 steps without waiting for the customer",
    });
    expect(conv.assignee_id).toBe(agent.id);
  });

  it("refuses to publish a broken draft or one without a trigger, and lets only admins and managers edit", async () => {
    const t = await createTestBusiness();
    const bad = await createFlow(admin(t), t.business.id, {
      name: "bad",
      definition: {
        triggers: [{ type: "keyword", words: ["x"] }],
        start: "a",
        steps: [{ id: "a", type: "send_text", text: "hi", next: "nowhere" }],
      },
    }).catch((e: { code: string; details: Array<{ path: string; message: string }> }) => e);
    expect(bad).toMatchObject({
      code: "invalid_request",
      details: [{ path: "definition.steps.0.next", message: "No step nowhere" }],
    });
    const silent = await createFlow(admin(t), t.business.id, {
      name: "silent",
      definition: { start: "a", steps: [{ id: "a", type: "send_text", text: "hi" }] },
    });
    await expect(publishFlow(admin(t), t.business.id, silent.id)).rejects.toMatchObject({
      code: "invalid_request",
      details: [{ path: "definition.triggers" }],
    });
    const agent = await createTestUser(t.business.id);
    await expect(
      updateFlow(userCtx(t.business.id, agent.id, "AGENT"), t.business.id, silent.id, { enabled: false }),
    ).rejects.toMatchObject({ code: "forbidden" });
    // Another business's flow is not found.
    const other = await createTestBusiness();
    await expect(publishFlow(admin(other), other.business.id, silent.id)).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
