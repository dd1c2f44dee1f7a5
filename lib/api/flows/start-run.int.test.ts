import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { systemCtx } from "@/lib/context";
import { simulateButtonTap } from "@/lib/messages/simulator/simulate-button-tap";
import { api } from "@/test/api";
import { chatappSender, customerWrites } from "@/test/conversations";
import { createTestBusiness, createTestUser, uniq, type TestBusiness } from "@/test/factories";
import { approvedTemplate, drainAll } from "@/test/messages";

// POST /api/v3/flows/{business_id}/{flow_id}/runs: a flow started for a subscriber through the
// API, each refusal with its reason, tenant isolation, Idempotency-Key, and the run's first
// message stored and dispatched through the send pipeline; the customer's answer continues it.

const base = (t: TestBusiness) => `/api/v3/flows/${t.business.id}`;
const key = (t: TestBusiness) => ({ "x-api-key": t.apiKey });
const phone = () => `9198${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
const agentOf = (t: TestBusiness) => t.business.channels.find((c) => c.channel === "rcs")!.agentId!;

const askFlow = {
  triggers: [{ type: "api" }],
  start: "hello",
  steps: [
    { id: "hello", type: "send_text", text: "Hi {{name}}, about order {{order}}.", next: "ask" },
    { id: "ask", type: "ask", question: "Is it right? (yes/no)", saveAs: "answer", next: "done" },
    { id: "done", type: "end", text: "Noted: {{answer}}." },
  ],
};

/** A flow of `t` with `definition`, published unless `publish` is false; its id. */
async function flowOf(t: TestBusiness, definition: object, publish = true): Promise<string> {
  const created = await api(base(t), { headers: key(t), json: { name: `flow ${uniq()}`, definition } });
  expect(created.status).toBe(201);
  if (publish)
    expect(
      (await api(`${base(t)}/${created.json.id}/publish`, { method: "POST", headers: key(t) })).status,
    ).toBe(200);
  return created.json.id as string;
}

const start = (t: TestBusiness, flowId: string, json: object, headers: Record<string, string> = {}) =>
  api(`${base(t)}/${flowId}/runs`, { headers: { ...key(t), ...headers }, json });

const sentTo = async (t: TestBusiness, customer: string) =>
  rawQuery<{ text: string | null; msg_type: string; status: string; sender: string; channel: string }>(
    db(),
    `SELECT content->>'text' AS text, msg_type, status, sender, channel FROM messages
     WHERE business_id = $1 AND recipient = $2 ORDER BY id`,
    [t.business.id, customer],
  );
const conversationsOf = (t: TestBusiness, customer: string) =>
  rawQuery<{ id: string; state: string; sender: string; channel: string }>(
    db(),
    `SELECT id, state, sender, channel FROM conversations WHERE business_id = $1 AND customer = $2`,
    [t.business.id, customer],
  );

describe("POST /api/v3/flows/{business_id}/{flow_id}/runs", () => {
  it("starts a run for a number with no conversation: the conversation is created, the first message is dispatched, the answer continues the run", async () => {
    const t = await createTestBusiness();
    const flowId = await flowOf(t, askFlow);
    const c = phone();
    const res = await start(t, flowId, {
      subscriberId: `+${c}`,
      channel: "rcs",
      variables: { name: "Asha", order: "4711" },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({
      version: 1,
      state: "waiting",
      stepId: "ask",
      variables: { name: "Asha", order: "4711" },
    });
    expect(res.json.steps.map((s: { stepId: string }) => s.stepId)).toEqual(["hello", "ask"]);
    const [conv] = await conversationsOf(t, c);
    expect(conv).toMatchObject({
      id: res.json.conversationId,
      channel: "rcs",
      sender: agentOf(t),
      state: "open",
    });
    // Stored with its dispatch job (the send pipeline), then sent by the dispatcher.
    const sent = await sentTo(t, c);
    expect(sent.map((m) => [m.text, m.status])).toEqual([
      ["Hi Asha, about order 4711.", "attempted"],
      ["Is it right? (yes/no)", "attempted"],
    ]);
    await drainAll();
    expect((await sentTo(t, c)).every((m) => m.status !== "attempted")).toBe(true);

    await customerWrites(t, c, "yes", { channel: "rcs", to: agentOf(t) });
    const after = await api(`${base(t)}/${flowId}/runs/${res.json.id}`, { headers: key(t) });
    expect(after.json).toMatchObject({ state: "completed", variables: { answer: "yes" } });
    expect((await sentTo(t, c)).at(-1)!.text).toBe("Noted: yes.");
    expect((await conversationsOf(t, c))[0]!.state).toBe("resolved");
    // A flow with only the api trigger is not started by a message.
    await customerWrites(t, c, "hello again", { channel: "rcs", to: agentOf(t) });
    expect((await api(`${base(t)}/${flowId}/runs`, { headers: key(t) })).json.runs).toHaveLength(1);
  });

  it("on chatapp outside the 24-hour window starts only a flow whose first message is an approved template", async () => {
    const t = await createTestBusiness();
    const c = phone();
    const text = await flowOf(t, askFlow);
    const refused = await start(t, text, { subscriberId: c, channel: "chatapp" });
    expect([refused.status, refused.json.error.code]).toEqual([409, "conflict"]);
    expect(refused.json.error.message).toMatch(
      /24-hour window is closed.*begin the flow with a send_template step/,
    );
    expect(refused.json.error.details).toEqual([
      { path: "definition.steps.0", message: "Step hello sends a free-form message first" },
    ]);
    // Nothing is left of a refusal: no conversation, no run, no message.
    expect(await conversationsOf(t, c)).toEqual([]);

    // A branch: every way's first message counts.
    const tpl = await approvedTemplate(t.business.id);
    const branched = await flowOf(t, {
      triggers: [{ type: "api" }],
      start: "b",
      steps: [
        {
          id: "b",
          type: "branch",
          rules: [{ when: { variable: "vip", op: "is_set" }, next: "tpl" }],
          otherwise: "txt",
        },
        { id: "tpl", type: "send_template", templateName: tpl.name, parameters: ["Asha", "A-1"] },
        { id: "txt", type: "send_text", text: "Hello" },
      ],
    });
    const viaText = await start(t, branched, {
      subscriberId: c,
      channel: "chatapp",
      variables: { vip: "y" },
    });
    expect([viaText.status, viaText.json.error.details[0].path]).toEqual([409, "definition.steps.2"]);

    const pending = await approvedTemplate(t.business.id, { status: "PENDING" });
    const notApproved = await flowOf(t, {
      triggers: [{ type: "api" }],
      start: "tpl",
      steps: [{ id: "tpl", type: "send_template", templateName: pending.name }],
    });
    const r2 = await start(t, notApproved, { subscriberId: c, channel: "chatapp" });
    expect(r2.status).toBe(409);
    expect(r2.json.error.message).toMatch(
      /step tpl's template cannot be sent .*begin the flow with an approved template/,
    );

    const good = await flowOf(t, {
      triggers: [{ type: "api" }],
      start: "tpl",
      steps: [
        {
          id: "tpl",
          type: "send_template",
          templateName: tpl.name,
          parameters: ["{{name}}", "A-1"],
          next: "w",
        },
        { id: "w", type: "wait", minutes: 60 },
      ],
    });
    const ok = await start(t, good, { subscriberId: c, channel: "chatapp", variables: { name: "Ravi" } });
    expect([ok.status, ok.json.state, ok.json.stepId]).toEqual([201, "waiting", "w"]);
    const sent = await sentTo(t, c);
    expect(sent.map((m) => [m.msg_type, m.sender])).toEqual([["template", chatappSender(t)]]);

    // Inside the window (the customer just wrote) a free-form first message is fine, and a
    // resolved conversation opens again for the run.
    const d = phone();
    const hours = await flowOf(t, {
      triggers: [{ type: "keyword", words: ["hours"] }],
      start: "e",
      steps: [{ id: "e", type: "end", text: "9 to 6" }],
    });
    await customerWrites(t, d, "hours");
    expect((await conversationsOf(t, d))[0]!.state).toBe("resolved");
    const inWindow = await start(t, text, { subscriberId: d, channel: "chatapp", variables: { name: "Mo" } });
    expect([inWindow.status, inWindow.json.state]).toEqual([201, "waiting"]);
    expect((await conversationsOf(t, d))[0]!.state).toBe("open");
    expect(hours).toBeTruthy();
  });

  it("outside the window starts a template then a wait-only ask: only the template is sent; a re-ask follows the customer's reply; the tapped button is saved and the run goes on", async () => {
    const t = await createTestBusiness();
    const c = phone();
    const tpl = await approvedTemplate(t.business.id, {
      components: [
        { type: "BODY", text: "Hi {{1}}, order {{2}} is ready.", example: { body_text: [["Asha", "A-1"]] } },
        {
          type: "BUTTONS",
          buttons: [
            { type: "QUICK_REPLY", text: "Track" },
            { type: "QUICK_REPLY", text: "Talk to us" },
          ],
        },
      ],
    });
    const flowId = await flowOf(t, {
      triggers: [{ type: "api" }],
      start: "tpl",
      steps: [
        { id: "tpl", type: "send_template", templateName: tpl.name, parameters: ["Asha", "A-1"], next: "w" },
        {
          id: "w",
          type: "ask",
          waitOnly: true,
          expect: "choice",
          show: "buttons",
          choices: [
            { title: "Track", next: "track" },
            { title: "Talk to us", next: "human" },
          ],
          retries: 1,
          saveAs: "choice",
        },
        { id: "track", type: "end", text: "Tracking it ({{choice}})." },
        { id: "human", type: "handover", text: "A colleague will answer." },
      ],
    });
    const res = await start(t, flowId, { subscriberId: c, channel: "chatapp" });
    expect([res.status, res.json.state, res.json.stepId], res.text).toEqual([201, "waiting", "w"]);
    expect(res.json.steps.map((s: { stepId: string; type: string }) => [s.stepId, s.type])).toEqual([
      ["tpl", "send_template"],
      ["w", "ask"],
    ]);
    // The template and nothing else.
    expect((await sentTo(t, c)).map((m) => m.msg_type)).toEqual(["template"]);
    await drainAll();

    // A typed answer that is no choice: asked again (free-form: the reply opened the window).
    await customerWrites(t, c, "what?");
    const asked = await sentTo(t, c);
    expect(asked.map((m) => [m.msg_type, m.text])).toEqual([
      ["template", null],
      ["interactive", "Sorry, I didn't get that."],
    ]);
    const waiting = await api(`${base(t)}/${flowId}/runs/${res.json.id}`, { headers: key(t) });
    expect([waiting.json.state, waiting.json.stepId]).toEqual(["waiting", "w"]);

    // The customer taps the template's quick reply on their phone: saved, and the run goes on.
    await drainAll();
    const [template] = await rawQuery<{ id: string }>(
      db(),
      `SELECT id FROM messages WHERE business_id = $1 AND recipient = $2 AND msg_type = 'template'`,
      [t.business.id, c],
    );
    const tap = await simulateButtonTap(systemCtx("test"), {
      businessId: t.business.id,
      messageId: template!.id,
      button: 0,
    });
    expect(tap).toMatchObject({ kind: "reply", text: "Track" });
    const after = await api(`${base(t)}/${flowId}/runs/${res.json.id}`, { headers: key(t) });
    expect(after.json).toMatchObject({ state: "completed", variables: { choice: "Track" } });
    expect((await sentTo(t, c)).at(-1)!.text).toBe("Tracking it (Track).");
  });

  it("refuses what cannot start, each with its reason: not published, disabled, opted out, an agent's conversation, an active run (unless replace)", async () => {
    const t = await createTestBusiness();
    const c = phone();
    const draft = await flowOf(t, askFlow, false);
    const r1 = await start(t, draft, { subscriberId: c, channel: "rcs" });
    expect([r1.status, r1.json.error.message]).toEqual([
      409,
      expect.stringMatching(/has no published version: publish it/),
    ]);

    const flowId = await flowOf(t, askFlow);
    await api(`${base(t)}/${flowId}`, { method: "PATCH", headers: key(t), json: { enabled: false } });
    const r2 = await start(t, flowId, { subscriberId: c, channel: "rcs" });
    expect([r2.status, r2.json.error.message]).toEqual([
      409,
      expect.stringMatching(/is disabled: enable it/),
    ]);
    await api(`${base(t)}/${flowId}`, { method: "PATCH", headers: key(t), json: { enabled: true } });

    await rawQuery(db(), `INSERT INTO opt_outs (business_id, phone, source) VALUES ($1, $2, 'keyword')`, [
      t.business.id,
      c,
    ]);
    const r3 = await start(t, flowId, { subscriberId: c, channel: "rcs" });
    expect([r3.status, r3.json.error.details]).toEqual([
      409,
      [{ path: "subscriberId", message: "Opted out" }],
    ]);
    expect(r3.json.error.message).toMatch(/opted out/);

    const d = phone();
    const first = await start(t, flowId, { subscriberId: d, channel: "rcs" });
    expect(first.status).toBe(201);
    const busy = await start(t, flowId, { subscriberId: d, channel: "rcs" });
    expect(busy.status).toBe(409);
    expect(busy.json.error.message).toContain(`Run ${first.json.id} of flow`);
    expect(busy.json.error.message).toContain("replace: true");
    const replaced = await start(t, flowId, { subscriberId: d, channel: "rcs", replace: true });
    expect([replaced.status, replaced.json.state]).toEqual([201, "waiting"]);
    const old = await api(`${base(t)}/${flowId}/runs/${first.json.id}`, { headers: key(t) });
    expect(old.json).toMatchObject({
      state: "stopped",
      endReason: "replaced by a run started through the API",
    });

    // The flow's runs per hour count API starts too.
    const once = await flowOf(t, {
      triggers: [{ type: "api" }],
      settings: { maxRunsPerHour: 1 },
      start: "e",
      steps: [{ id: "e", type: "end", text: "Thanks" }],
    });
    const e = phone();
    expect((await start(t, once, { subscriberId: e, channel: "rcs" })).json.state).toBe("completed");
    const again = await start(t, once, { subscriberId: e, channel: "rcs" });
    expect([again.status, again.json.error.message]).toEqual([
      409,
      expect.stringMatching(/started 1 runs in the last hour/),
    ]);

    // A conversation an agent holds is theirs.
    const agent = await createTestUser(t.business.id);
    await rawQuery(db(), `UPDATE conversations SET assignee_id = $2 WHERE id = $1`, [
      replaced.json.conversationId,
      agent.id,
    ]);
    const held = await start(t, flowId, { subscriberId: d, channel: "rcs", replace: true });
    expect([held.status, held.json.error.message]).toEqual([409, expect.stringMatching(/An agent holds/)]);
  });

  it("answers 400 at the field for a bad body, 404 for another business's flow and 401 for another business's path", async () => {
    const t = await createTestBusiness();
    const flowId = await flowOf(t, askFlow);
    const bad = async (json: object, path: string) => {
      const r = await start(t, flowId, json);
      expect(
        [r.status, r.json.error.details.map((d: { path: string }) => d.path)],
        JSON.stringify(json),
      ).toEqual([400, expect.arrayContaining([path])]);
    };
    await bad({ subscriberId: "12", channel: "rcs" }, "subscriberId");
    await bad({ subscriberId: "919812345678" }, "channel");
    await bad({ subscriberId: "919812345678", channel: "sms" }, "channel");
    await bad(
      { subscriberId: "919812345678", channel: "rcs", variables: { "Bad-Name": "x" } },
      "variables.Bad-Name",
    );
    await bad(
      { subscriberId: "919812345678", channel: "rcs", variables: { ok: "x".repeat(1025) } },
      "variables.ok",
    );
    await bad({ subscriberId: "919812345678", channel: "chatapp", sender: "not-ours" }, "sender");
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`v${i}`, "x"]));
    await bad({ subscriberId: "919812345678", channel: "rcs", variables: many }, "variables");

    const other = await createTestBusiness();
    const mine = { subscriberId: phone(), channel: "rcs" };
    expect((await start(other, flowId, mine)).status).toBe(404);
    expect((await start(other, "0193b6f2-8c1a-7cde-9f00-1234567890ab", mine)).status).toBe(404);
    const cross = await api(`${base(t)}/${flowId}/runs`, { headers: key(other), json: mine });
    expect(cross.status).toBe(401);
    expect(await conversationsOf(other, mine.subscriberId)).toEqual([]);
    expect(await conversationsOf(t, mine.subscriberId)).toEqual([]);
  });

  it("runs once per Idempotency-Key: the same request answers the first run again, another body is a 422", async () => {
    const t = await createTestBusiness();
    const flowId = await flowOf(t, askFlow);
    const c = phone();
    const body = { subscriberId: c, channel: "rcs", variables: { name: "Asha" } };
    const k = { "idempotency-key": `start-${uniq()}` };
    const first = await start(t, flowId, body, k);
    expect(first.status).toBe(201);
    const again = await start(t, flowId, body, k);
    expect([again.status, again.headers.get("idempotent-replayed"), again.json.id]).toEqual([
      201,
      "true",
      first.json.id,
    ]);
    expect(await sentTo(t, c)).toHaveLength(2);
    const other = await start(t, flowId, { ...body, variables: { name: "Ravi" } }, k);
    expect([other.status, other.json.error.code]).toEqual([422, "unprocessable"]);
    // A refusal is the key's answer too.
    const k2 = { "idempotency-key": `start-${uniq()}` };
    const busy = await start(t, flowId, body, k2);
    expect(busy.status).toBe(409);
    expect((await start(t, flowId, body, k2)).status).toBe(409);
  });
});
