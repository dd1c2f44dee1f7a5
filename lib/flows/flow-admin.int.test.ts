import { describe, expect, it } from "vitest";
import { addTestNumber } from "@/lib/businesses/add-test-number";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { AppError } from "@/lib/errors";
import { simulateCustomerReply } from "@/lib/inbound/simulate-customer-reply";
import { conversationOf, customerWrites, userCtx } from "@/test/conversations";
import { createTestBusiness, createTestUser, uniq, type TestBusiness } from "@/test/factories";
import type { FlowDefinitionInput } from "./definition";
import { deleteFlow } from "./delete-flow";
import { duplicateFlow } from "./duplicate-flow";
import { exportFlow } from "./export-flow";
import { createFlow, getFlow, listFlows, publishFlow, updateFlow } from "./flow-store";
import { getRunPath } from "./get-run-path";
import { importFlow } from "./import-flow";
import { listFlowRuns } from "./list-flow-runs";
import { listFlowStats } from "./list-flow-stats";
import { listFlowVersions } from "./list-flow-versions";
import { setFlowEnabled } from "./set-flow-enabled";
import { startTestRun } from "./start-test-run";

// What the builder needs beyond create/update/publish: enable and disable, duplicate, delete,
// export and import (checked by FlowDefinition), the versions, the week's numbers, the runs an
// agent may see, and "Try it": the draft run on a test number's conversation.

const admin = (t: TestBusiness) => userCtx(t.business.id, t.admin.id, "BUSINESS_ADMIN");
const phone = () => `9198${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
const hello: FlowDefinitionInput = {
  triggers: [{ type: "keyword", match: "exact", words: ["hello"] }],
  start: "hi",
  steps: [
    { id: "hi", type: "send_text", text: "Hi there", next: "ask" },
    { id: "ask", type: "ask", question: "Your name?", saveAs: "name", next: "bye" },
    { id: "bye", type: "end", text: "Bye {{name}}" },
  ],
};
const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
};
const sentTo = async (t: TestBusiness, customer: string) =>
  (
    await rawQuery<{ text: string }>(
      db(),
      `SELECT content->>'text' AS text FROM messages WHERE business_id = $1 AND recipient = $2 ORDER BY id`,
      [t.business.id, customer],
    )
  ).map((r) => r.text);

describe("flow administration", () => {
  it("disables and enables, duplicates with a free name, deletes with its runs, only for admins and managers", async () => {
    const t = await createTestBusiness();
    const flow = await createFlow(admin(t), t.business.id, { name: "Greeter", definition: hello });
    expect((await setFlowEnabled(admin(t), t.business.id, flow.id, false)).enabled).toBe(false);
    expect((await setFlowEnabled(admin(t), t.business.id, flow.id, true)).enabled).toBe(true);

    const copy = await duplicateFlow(admin(t), t.business.id, flow.id);
    expect(copy).toMatchObject({ name: "Greeter (copy)", publishedVersion: null, draft: flow.draft });
    expect((await duplicateFlow(admin(t), t.business.id, flow.id)).name).toBe("Greeter (copy 2)");

    const agent = await createTestUser(t.business.id, { role: "AGENT" });
    const agentCtx = userCtx(t.business.id, agent.id, "AGENT");
    expect((await refusal(deleteFlow(agentCtx, t.business.id, flow.id))).code).toBe("forbidden");
    expect((await refusal(duplicateFlow(agentCtx, t.business.id, flow.id))).code).toBe("forbidden");
    const manager = await createTestUser(t.business.id, { role: "MANAGER" });
    await deleteFlow(userCtx(t.business.id, manager.id, "MANAGER"), t.business.id, copy.id);
    expect((await refusal(getFlow(admin(t), t.business.id, copy.id))).code).toBe("not_found");

    // Another business's flow is as absent as a deleted one.
    const other = await createTestBusiness();
    expect((await refusal(deleteFlow(admin(other), other.business.id, flow.id))).code).toBe("not_found");
    expect((await refusal(setFlowEnabled(admin(other), other.business.id, flow.id, false))).code).toBe(
      "not_found",
    );
    expect((await getFlow(admin(t), t.business.id, flow.id)).enabled).toBe(true);

    // Deleting a flow with a run waiting in a conversation frees the conversation.
    await publishFlow(admin(t), t.business.id, flow.id);
    const c = phone();
    await customerWrites(t, c, "hello");
    const conv = await conversationOf(t.business.id, c);
    expect(await listFlowRuns(admin(t), t.business.id, { flowId: flow.id })).toHaveLength(1);
    await deleteFlow(admin(t), t.business.id, flow.id);
    expect(
      await rawQuery(db(), `SELECT 1 FROM flow_runs WHERE conversation_id = $1`, [conv.id]),
    ).toHaveLength(0);
  });

  it("exports a draft and imports it back, refusing a file with mistakes with the mistake's path", async () => {
    const t = await createTestBusiness();
    const flow = await createFlow(admin(t), t.business.id, { name: `Export ${uniq()}`, definition: hello });
    const file = await exportFlow(admin(t), t.business.id, flow.id);
    expect(file).toMatchObject({ format: "switchboard.flow", name: flow.name, definition: flow.draft });

    const text = JSON.stringify(file);
    const taken = await refusal(importFlow(admin(t), t.business.id, { json: text }));
    expect(taken.code).toBe("conflict");
    const imported = await importFlow(admin(t), t.business.id, { json: text, name: "Imported" });
    expect(imported).toMatchObject({ name: "Imported", enabled: false, draft: flow.draft });
    // A bare definition takes the name given.
    const bare = await importFlow(admin(t), t.business.id, { json: hello, name: "Bare" });
    expect(bare.draft.start).toBe("hi");

    const broken = {
      ...file,
      name: "Broken",
      definition: { ...hello, steps: [{ ...hello.steps[0], next: "nowhere" }] },
    };
    const err = await refusal(importFlow(admin(t), t.business.id, { json: broken }));
    expect(err.code).toBe("invalid_request");
    expect(err.details).toContainEqual({ path: "definition.steps.0.next", message: "No step nowhere" });
    const notJson = await refusal(importFlow(admin(t), t.business.id, { json: "{oops" }));
    expect(notJson.details[0]?.path).toBe("json");

    // The canvas positions go out with the export and come back with the import; a bad one is
    // refused at its path like any other mistake.
    const layout = { positions: { hi: { x: 40, y: -20 }, bye: { x: 600, y: 10 } } };
    const laid = await updateFlow(admin(t), t.business.id, flow.id, { definition: { ...hello, layout } });
    expect(laid.draft.layout).toEqual(layout);
    const laidFile = await exportFlow(admin(t), t.business.id, flow.id);
    expect(laidFile.definition.layout).toEqual(layout);
    const laidCopy = await importFlow(admin(t), t.business.id, { json: laidFile, name: "Laid out" });
    expect(laidCopy.draft.layout).toEqual(layout);
    const badPoint = {
      ...laidFile,
      name: "Bad point",
      definition: { ...hello, layout: { positions: { hi: { x: "a" } } } },
    };
    const pointErr = await refusal(importFlow(admin(t), t.business.id, { json: badPoint }));
    expect(pointErr.details.map((d) => d.path)).toContain("definition.layout.positions.hi.x");
    expect((await listFlows(admin(t), t.business.id)).map((f) => f.name).sort()).toEqual(
      ["Bare", "Imported", "Laid out", flow.name].sort(),
    );
  });

  it("lists versions newest first and counts the week's runs, completions and handovers", async () => {
    const t = await createTestBusiness();
    const flow = await createFlow(admin(t), t.business.id, { name: "Counted", definition: hello });
    await publishFlow(admin(t), t.business.id, flow.id);
    await updateFlow(admin(t), t.business.id, flow.id, {
      definition: { ...hello, steps: [{ ...hello.steps[0], text: "Hello again" }, ...hello.steps.slice(1)] },
    });
    await publishFlow(admin(t), t.business.id, flow.id);
    const versions = await listFlowVersions(admin(t), t.business.id, flow.id);
    expect(versions.map((v) => v.version)).toEqual([2, 1]);
    expect(versions[0]!.definition.steps[0]).toMatchObject({ text: "Hello again" });
    expect(versions[0]!.publishedBy).toBe(`user:${t.admin.id}`);

    const a = phone();
    const b = phone();
    await customerWrites(t, a, "hello");
    await customerWrites(t, a, "Ada");
    await customerWrites(t, b, "hello");
    expect(await sentTo(t, a)).toEqual(["Hello again", "Your name?", "Bye Ada"]);
    const stats = await listFlowStats(admin(t), t.business.id);
    expect(stats.get(flow.id)).toEqual({ runs: 2, completed: 1, handedOver: 0 });
  });

  it("shows an agent only the runs of its own conversations, each with its path", async () => {
    const t = await createTestBusiness();
    const flow = await createFlow(admin(t), t.business.id, { name: "Seen", definition: hello });
    await publishFlow(admin(t), t.business.id, flow.id);
    const mine = phone();
    const theirs = phone();
    await customerWrites(t, mine, "hello");
    await customerWrites(t, theirs, "hello");
    const agent = await createTestUser(t.business.id, { role: "AGENT" });
    const other = await createTestUser(t.business.id, { role: "AGENT" });
    const convMine = await conversationOf(t.business.id, mine);
    const convTheirs = await conversationOf(t.business.id, theirs);
    await rawQuery(db(), `UPDATE conversations SET assignee_id = $2 WHERE id = $1`, [convMine.id, agent.id]);
    await rawQuery(db(), `UPDATE conversations SET assignee_id = $2 WHERE id = $1`, [
      convTheirs.id,
      other.id,
    ]);

    const agentCtx = userCtx(t.business.id, agent.id, "AGENT");
    const runs = await listFlowRuns(agentCtx, t.business.id, { flowId: flow.id });
    expect(runs.map((r) => r.conversationId)).toEqual([convMine.id]);
    expect(await listFlowRuns(admin(t), t.business.id, { flowId: flow.id })).toHaveLength(2);
    const path = await getRunPath(agentCtx, t.business.id, runs[0]!.id);
    expect(path.steps.map((s) => [s.stepId, s.type])).toEqual([
      ["hi", "send_text"],
      ["ask", "ask"],
    ]);
    expect(path.steps[0]!.detail).toMatchObject({ sent: "Hi there" });
    const theirRun = (await listFlowRuns(admin(t), t.business.id, { flowId: flow.id })).find(
      (r) => r.conversationId === convTheirs.id,
    )!;
    expect((await refusal(getRunPath(agentCtx, t.business.id, theirRun.id))).code).toBe("not_found");
  });

  it("tries the draft on a test number: the virtual phone's messages answer the test run, published runs untouched", async () => {
    const t = await createTestBusiness();
    const flow = await createFlow(admin(t), t.business.id, { name: "Tried", definition: hello });
    await publishFlow(admin(t), t.business.id, flow.id);
    await updateFlow(admin(t), t.business.id, flow.id, {
      definition: {
        ...hello,
        steps: [{ ...hello.steps[0], text: "Draft says hi" }, ...hello.steps.slice(1)],
      },
    });
    const num = phone();
    // Only test numbers.
    const refused = await refusal(
      startTestRun(admin(t), t.business.id, flow.id, { phone: num, text: "anything" }),
    );
    expect(refused.details[0]?.path).toBe("phone");
    await addTestNumber(admin(t), { businessId: t.business.id, number: num });

    const { runId, conversationId } = await startTestRun(admin(t), t.business.id, flow.id, {
      phone: num,
      text: "not a keyword",
    });
    expect(await sentTo(t, num)).toEqual(["Draft says hi", "Your name?"]);
    await simulateCustomerReply(admin(t), {
      businessId: t.business.id,
      phone: num,
      channel: "chatapp",
      text: "Bo",
    });
    expect((await sentTo(t, num)).at(-1)).toBe("Bye Bo");
    const [run] = await listFlowRuns(admin(t), t.business.id, { runId });
    expect(run).toMatchObject({ version: 0, test: true, state: "completed", conversationId });
    expect((await getRunPath(admin(t), t.business.id, runId)).steps.map((s) => s.type)).toEqual([
      "send_text",
      "ask",
      "answer",
      "end",
    ]);
    // Test runs are not the flow's numbers; the published version still answers its keyword.
    expect(await listFlowStats(admin(t), t.business.id)).toEqual(new Map());
    await simulateCustomerReply(admin(t), {
      businessId: t.business.id,
      phone: num,
      channel: "chatapp",
      text: "hello",
    });
    expect((await sentTo(t, num)).at(-1)).toBe("Your name?");
    expect((await sentTo(t, num)).at(-2)).toBe("Hi there");

    const agent = await createTestUser(t.business.id, { role: "AGENT" });
    expect(
      (
        await refusal(
          startTestRun(userCtx(t.business.id, agent.id, "AGENT"), t.business.id, flow.id, {
            phone: num,
            text: "x",
          }),
        )
      ).code,
    ).toBe("forbidden");
  });
});
