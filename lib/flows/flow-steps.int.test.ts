import { afterAll, describe, expect, it } from "vitest";
import { createEndpoint } from "@/lib/callbacks/create-endpoint";
import { verify } from "@/lib/callbacks/sign";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { boss } from "@/lib/jobs/boss";
import { runRound } from "@/lib/jobs/drain-queues";
import { queueDefinitions } from "@/lib/jobs/registered-queues";
import { startReceiver } from "@/test/callback-receiver";
import { conversationOf, customerWrites, userCtx } from "@/test/conversations";
import { createTestBusiness, createTestUser, uniq, type TestBusiness } from "@/test/factories";
import { approvedTemplate } from "@/test/messages";
import { saveBusinessHours } from "./business-hours/hours-store";
import type { FlowDefinitionInput } from "./definition";
import { createFlow, publishFlow } from "./flow-store";
import { stopActiveRun } from "./engine/stop-run";
import { wakeDueRuns } from "./engine/wake-due-runs";

// The steps that leave the inbound transaction (HTTP requests and waits as jobs, continued in
// their own transaction), templates and media, conversation state, handover to an agent, date
// answers written to the profile, timeouts, every branch source, business hours and the away
// trigger, and the session rules (window, runs per hour, redelivery, concurrency).

const phone = () => `9198${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
const admin = (t: TestBusiness) => userCtx(t.business.id, t.admin.id, "BUSINESS_ADMIN");
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const f of cleanups) await f();
});

async function published(t: TestBusiness, definition: FlowDefinitionInput) {
  const flow = await createFlow(admin(t), t.business.id, { name: `flow ${uniq()}`, definition });
  return publishFlow(admin(t), t.business.id, flow.id);
}
const sentTo = async (t: TestBusiness, customer: string) =>
  (
    await rawQuery<{ text: string | null; kind: string; msg_type: string; content: Record<string, unknown> }>(
      db(),
      `SELECT content->>'text' AS text, content->>'kind' AS kind, msg_type, content FROM messages
       WHERE business_id = $1 AND recipient = $2 ORDER BY id`,
      [t.business.id, customer],
    )
  ).map((r) => (r.kind === "text" || r.kind === "rcs_text" ? r.text : r));
const runOf = async (conversationId: string) =>
  (
    await rawQuery<{
      id: string;
      state: string;
      variables: Record<string, string>;
      end_reason: string | null;
      step_id: string | null;
    }>(db(), `SELECT * FROM flow_runs WHERE conversation_id = $1 ORDER BY id DESC LIMIT 1`, [conversationId])
  )[0]!;
/**
 * Runs what is due, as a worker (a fresh one: nothing but the database is shared) would: the
 * wake scanner's round for timers (flows.wake: waits and ask timeouts, the runs' wake_at), the
 * queue's jobs for requests (flows.http).
 */
async function work(queue: "flows.wake" | "flows.http"): Promise<number> {
  if (queue === "flows.wake") return wakeDueRuns();
  const def = queueDefinitions().find((d) => d.name === queue)!;
  let n = 0;
  for (let i = 0; i < 5; i++) {
    const r = await runRound(boss(), def, 100);
    n += r.processed;
    if (r.fetched === 0) break;
  }
  return n;
}
/** Makes the scheduled timers (flows.wake) or jobs due now (the clock moving on). */
const due = (queue: string) =>
  queue === "flows.wake"
    ? rawQuery(db(), `UPDATE flow_runs SET wake_at = now() WHERE state = 'waiting' AND wake_at > now()`)
    : rawQuery(db(), `UPDATE pgboss.job SET start_after = now() WHERE name = $1 AND state = 'created'`, [
        queue,
      ]);
/** Timers still to come (flows.wake), or jobs not yet run. */
const queued = async (queue: string) =>
  (
    await rawQuery<{ n: number }>(
      db(),
      queue === "flows.wake"
        ? `SELECT count(*)::int AS n FROM flow_runs WHERE state = 'waiting' AND wake_at > now()`
        : `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state = 'created'`,
      queue === "flows.wake" ? [] : [queue],
    )
  )[0]!.n;

describe("flow steps", () => {
  it("calls the business's system signed, saves the answer's fields, and continues in its own transaction", async () => {
    const t = await createTestBusiness();
    let answer = 200;
    const receiver = await startReceiver(() => answer);
    cleanups.push(() => receiver.close());
    const { secret } = await createEndpoint(admin(t), t.business.id, {
      url: receiver.url,
      events: [],
    } as never);
    // The receiver answers plain text; the order status comes from a variable set before.
    await published(t, {
      triggers: [{ type: "keyword", words: ["status"] }],
      start: "call",
      steps: [
        {
          id: "call",
          type: "http_request",
          method: "POST",
          url: `${receiver.url}/{{who}}?q=a b`,
          headers: [{ name: "X-Order", value: "o-{{who}}" }],
          body: '{"customer": "{{who}}", "n": 1}',
          statusAs: "code",
          next: "ok",
          onFailure: "bad",
        },
        { id: "ok", type: "end", text: "Answered {{code}}" },
        { id: "bad", type: "end", text: "Failed {{code}}" },
      ],
    });
    const c = phone();
    await customerWrites(t, c, "status");
    const conv = await conversationOf(t.business.id, c);
    expect(await runOf(conv.id)).toMatchObject({ state: "waiting", step_id: "call" });
    expect(receiver.received).toHaveLength(0); // not inside the inbound transaction
    expect(await work("flows.http")).toBe(1);
    const got = receiver.received[0]!;
    expect(JSON.parse(got.body)).toEqual({ customer: "", n: 1 });
    expect(got.headers["x-order"]).toBe("o-");
    expect(
      verify(
        secret,
        {
          id: String(got.headers["webhook-id"]),
          timestamp: String(got.headers["webhook-timestamp"]),
          signature: String(got.headers["webhook-signature"]),
        },
        got.body,
      ),
    ).toBe(true);
    expect((await sentTo(t, c)).at(-1)).toBe("Answered 200");
    expect(await runOf(conv.id)).toMatchObject({ state: "completed", variables: { code: "200" } });
    const [logged] = await rawQuery<{ detail: { status: number; ms: number } }>(
      db(),
      `SELECT detail FROM flow_run_steps WHERE run_id = $1 AND type = 'http_response'`,
      [(await runOf(conv.id)).id],
    );
    expect(logged!.detail.status).toBe(200);
    expect(typeof logged!.detail.ms).toBe("number");

    answer = 503;
    await customerWrites(t, c, "status");
    await work("flows.http");
    expect((await sentTo(t, c)).at(-1)).toBe("Failed ");
  });

  it("maps fields of the JSON answer to variables (a GET)", async () => {
    const t = await createTestBusiness();
    const http = await import("node:http");
    const server = http.createServer((_, res) =>
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ order: { status: "shipped", items: [{ id: 7 }] } })),
    );
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    cleanups.push(() => new Promise((r) => server.close(r)));
    const port = (server.address() as { port: number }).port;
    await published(t, {
      triggers: [{ type: "keyword", words: ["where"] }],
      start: "call",
      steps: [
        {
          id: "call",
          type: "http_request",
          method: "GET",
          url: `http://127.0.0.1:${port}/orders`,
          save: [
            { variable: "status", path: "order.status" },
            { variable: "item", path: "order.items.0.id" },
          ],
          next: "ok",
        },
        { id: "ok", type: "end", text: "{{status}} / {{item}}" },
      ],
    });
    const c = phone();
    await customerWrites(t, c, "where");
    await work("flows.http");
    expect((await sentTo(t, c)).at(-1)).toBe("shipped / 7");
  });

  it("waits durably: the wake is the run's timer, a fresh worker's scanner continues the run; a stop cancels it", async () => {
    const t = await createTestBusiness();
    await published(t, {
      triggers: [{ type: "keyword", words: ["remind"] }],
      start: "a",
      steps: [
        { id: "a", type: "send_text", text: "I'll remind you.", next: "w" },
        { id: "w", type: "wait", minutes: 60, next: "b" },
        { id: "b", type: "end", text: "Reminder!" },
      ],
    });
    const c = phone();
    await customerWrites(t, c, "remind");
    const conv = await conversationOf(t.business.id, c);
    expect(await runOf(conv.id)).toMatchObject({ state: "waiting", step_id: "w" });
    expect(await work("flows.wake")).toBe(0); // not due yet: nothing polls per run
    expect(await queued("flows.wake")).toBe(1);
    // No job per wait: the timer is the run's row.
    expect(
      (
        await rawQuery(db(), `SELECT 1 FROM pgboss.job WHERE name = 'flows.wake' AND data->>'runId' = $1`, [
          (await runOf(conv.id)).id,
        ])
      ).length,
    ).toBe(0);
    // A message meanwhile does not move the run.
    await customerWrites(t, c, "ok thanks");
    expect(await sentTo(t, c)).toEqual(["I'll remind you."]);
    await due("flows.wake");
    await work("flows.wake");
    expect(await sentTo(t, c)).toEqual(["I'll remind you.", "Reminder!"]);
    expect(await runOf(conv.id)).toMatchObject({ state: "completed" });

    const d = phone();
    await customerWrites(t, d, "remind");
    const dc = await conversationOf(t.business.id, d);
    await stopActiveRun({ db: db(), actor: { type: "system", id: "t" } }, t.business.id, dc.id, "test");
    await due("flows.wake");
    await work("flows.wake");
    expect(await sentTo(t, d)).toEqual(["I'll remind you."]);
  });

  it("sends templates and media, sets the conversation state, and hands over to an agent directly", async () => {
    const t = await createTestBusiness();
    const agent = await createTestUser(t.business.id);
    const other = await createTestUser(t.business.id);
    const tpl = await approvedTemplate(t.business.id);
    await published(t, {
      triggers: [{ type: "keyword", words: ["hi"] }],
      start: "v",
      steps: [
        { id: "v", type: "set_variable", variable: "name", value: "Asha", next: "tpl" },
        {
          id: "tpl",
          type: "send_template",
          templateName: tpl.name,
          parameters: ["{{name}}", "A-{{n}}"],
          next: "img",
        },
        {
          id: "img",
          type: "send_text",
          text: "Your invoice",
          media: { type: "document", url: "https://cdn.example.com/i.pdf", filename: "invoice.pdf" },
          next: "pend",
        },
        { id: "pend", type: "set_conversation", state: "pending", next: "give" },
        { id: "give", type: "handover", text: "", userId: agent.id },
      ],
    });
    const c = phone();
    await customerWrites(t, c, "hi");
    const sent = await sentTo(t, c);
    expect(sent[0]).toMatchObject({ msg_type: "template", content: { kind: "template", name: tpl.name } });
    expect(JSON.stringify(sent[0])).toContain('"text":"A-"');
    expect(sent[1]).toMatchObject({
      content: { kind: "media", mediaType: "document", caption: "Your invoice", fileName: "invoice.pdf" },
    });
    const conv = await conversationOf(t.business.id, c);
    expect(conv).toMatchObject({ assignee_id: agent.id, state: "pending" });
    expect(conv.assignee_id).not.toBe(other.id);
    const events = await rawQuery<{ type: string }>(
      db(),
      `SELECT type FROM conversation_events WHERE conversation_id = $1 ORDER BY id`,
      [conv.id],
    );
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(["pending", "assigned"]));

    // An unknown template fails the run with the reason, and routing takes the conversation.
    await published(t, {
      triggers: [{ type: "keyword", words: ["broken"] }],
      start: "tpl",
      steps: [{ id: "tpl", type: "send_template", templateName: "no_such_template" }],
    });
    const d = phone();
    await customerWrites(t, d, "broken");
    const run = await runOf((await conversationOf(t.business.id, d)).id);
    expect(run.state).toBe("failed");
    expect(run.end_reason).toContain("no_such_template");
  });

  it("reads dates into the profile, times out to onTimeout, and branches on every source", async () => {
    const t = await createTestBusiness();
    await published(t, {
      triggers: [{ type: "keyword", words: ["book"] }],
      start: "when",
      steps: [
        {
          id: "when",
          type: "ask",
          question: "Your birthday?",
          expect: "date",
          saveAs: "dob",
          saveToProfile: "dob",
          next: "city",
          retries: 1,
        },
        { id: "city", type: "ask", question: "City?", saveAs: "city", saveToProfile: "city", next: "check" },
        {
          id: "check",
          type: "branch",
          rules: [
            { when: { source: "opted_out", op: "is_true" }, next: "no" },
            { when: { source: "channel", op: "not_equals", value: "chatapp" }, next: "no" },
            { when: { source: "business_hours", op: "is_false" }, next: "no" },
            { when: { source: "profile", key: "city", op: "equals", value: "pune" }, next: "late" },
          ],
          otherwise: "no",
        },
        {
          id: "late",
          type: "ask",
          question: "Anything else?",
          saveAs: "x",
          timeoutMinutes: 5,
          next: null,
          onTimeout: "bye",
        },
        { id: "bye", type: "end", text: "Bye {{dob}}" },
        { id: "no", type: "end", text: "No" },
      ],
    });
    const c = phone();
    await customerWrites(t, c, "book");
    await customerWrites(t, c, "31/02/1990");
    expect((await sentTo(t, c)).at(-1)).toBe("Sorry, I didn't get that.\nYour birthday?");
    await customerWrites(t, c, "24 Dec 1990");
    await customerWrites(t, c, "Pune");
    expect((await sentTo(t, c)).at(-1)).toBe("Anything else?");
    const [profile] = await rawQuery<{ dob: string; city: string }>(
      db(),
      `SELECT dob::text AS dob, city FROM profiles WHERE business_id = $1 AND phone = $2`,
      [t.business.id, c],
    );
    expect(profile).toEqual({ dob: "1990-12-24", city: "Pune" });
    await due("flows.wake");
    await work("flows.wake");
    expect((await sentTo(t, c)).at(-1)).toBe("Bye 1990-12-24");
    // The earlier questions' timeouts found the run moved on: nothing else was sent.
    expect((await sentTo(t, c)).filter((m) => m === "Bye 1990-12-24")).toHaveLength(1);
  });

  it("saves answers to custom attributes by their type, asking again when one does not fit", async () => {
    const t = await createTestBusiness();
    const { createAttributeDefinition, deleteAttributeDefinition } =
      await import("@/lib/audiences/attribute-definitions");
    for (const d of [
      { key: "plan", label: "Plan", type: "choice", choices: ["Gold", "Silver"] },
      { key: "spend", label: "Spend", type: "number" },
      { key: "vip", label: "VIP", type: "boolean" },
      { key: "gone", label: "Gone", type: "text" },
    ])
      await createAttributeDefinition(admin(t), t.business.id, d);
    await published(t, {
      triggers: [{ type: "keyword", words: ["join"] }],
      start: "plan",
      steps: [
        {
          id: "plan",
          type: "ask",
          question: "Plan?",
          saveAs: "plan",
          saveToAttribute: "plan",
          next: "spend",
        },
        {
          id: "spend",
          type: "ask",
          question: "Spend?",
          saveAs: "spend",
          saveToAttribute: "spend",
          next: "vip",
        },
        { id: "vip", type: "ask", question: "VIP?", saveAs: "vip", saveToAttribute: "vip", next: "gone" },
        { id: "gone", type: "ask", question: "Note?", saveAs: "note", saveToAttribute: "gone", next: "bye" },
        { id: "bye", type: "end", text: "Thanks, {{plan}}" },
      ],
    });
    await deleteAttributeDefinition(admin(t), t.business.id, "gone");
    const c = phone();
    await customerWrites(t, c, "join");
    await customerWrites(t, c, "Platinum");
    expect((await sentTo(t, c)).at(-1)).toBe("Sorry, I didn't get that.\nPlan?");
    await customerWrites(t, c, "gold");
    await customerWrites(t, c, "a lot");
    expect((await sentTo(t, c)).at(-1)).toBe("Sorry, I didn't get that.\nSpend?");
    await customerWrites(t, c, "1250.50");
    await customerWrites(t, c, "Yes");
    // The key is no longer defined: the answer is kept in the run, nothing is written.
    await customerWrites(t, c, "call after 6");
    expect((await sentTo(t, c)).at(-1)).toBe("Thanks, gold");
    const [profile] = await rawQuery<{ attributes: Record<string, unknown> }>(
      db(),
      `SELECT attributes FROM profiles WHERE business_id = $1 AND phone = $2`,
      [t.business.id, c],
    );
    expect(profile!.attributes).toEqual({ plan: "Gold", spend: 1250.5, vip: true });
  });

  it("branches on whether the customer is in a segment now (a deleted segment holds nobody)", async () => {
    const t = await createTestBusiness();
    const { createSegment, deleteSegment } = await import("@/lib/audiences/segments/segments");
    const { uploadProfiles } = await import("@/lib/profiles/upload-profiles");
    const [vip, plain] = [phone(), phone()];
    await uploadProfiles(admin(t), t.business.id, {
      profile: [
        { phone: vip, countrycode: "IN", tags: ["VIP"] },
        { phone: plain, countrycode: "IN" },
      ],
    });
    const segment = await createSegment(admin(t), t.business.id, {
      name: "VIPs",
      definition: {
        match: "all",
        groups: [{ match: "all", conditions: [{ kind: "tags", op: "any_of", tags: ["VIP"] }] }],
      },
    });
    await published(t, {
      triggers: [{ type: "keyword", words: ["offers"] }],
      start: "check",
      steps: [
        {
          id: "check",
          type: "branch",
          rules: [{ when: { source: "segment", key: segment.id, op: "is_true" }, next: "vip" }],
          otherwise: "plain",
        },
        { id: "vip", type: "end", text: "VIP offers" },
        { id: "plain", type: "end", text: "Offers" },
      ],
    });
    await customerWrites(t, vip, "offers");
    await customerWrites(t, plain, "offers");
    expect((await sentTo(t, vip)).at(-1)).toBe("VIP offers");
    expect((await sentTo(t, plain)).at(-1)).toBe("Offers");
    // A segment a flow branches on cannot be deleted: the 409 names the flow.
    await expect(deleteSegment(admin(t), t.business.id, segment.id)).rejects.toMatchObject({
      code: "conflict",
      details: [{ path: "flows", message: expect.any(String) }],
    });
    // One deleted anyway (before that rule, or under a run's older version) holds nobody.
    await rawQuery(db(), "DELETE FROM segments WHERE business_id = $1 AND id = $2", [
      t.business.id,
      segment.id,
    ]);
    const later = phone();
    await uploadProfiles(admin(t), t.business.id, {
      profile: [{ phone: later, countrycode: "IN", tags: ["VIP"] }],
    });
    await customerWrites(t, later, "offers");
    expect((await sentTo(t, later)).at(-1)).toBe("Offers");
  });

  it("starts the away flow when closed, before welcome, after keywords", async () => {
    const t = await createTestBusiness();
    await saveBusinessHours(admin(t), t.business.id, {
      timeZone: "Asia/Kolkata",
      week: [[], [], [], [], [], [], []],
      holidays: [],
    });
    await published(t, {
      triggers: [{ type: "away" }],
      start: "a",
      steps: [{ id: "a", type: "end", text: "We're closed." }],
    });
    await published(t, {
      triggers: [{ type: "welcome" }],
      start: "a",
      steps: [{ id: "a", type: "end", text: "Welcome!" }],
    });
    await published(t, {
      triggers: [{ type: "keyword", words: ["price"] }],
      start: "a",
      steps: [{ id: "a", type: "end", text: "Prices: ..." }],
    });
    const c = phone();
    await customerWrites(t, c, "hello");
    await customerWrites(t, c, "price");
    expect(await sentTo(t, c)).toEqual(["We're closed.", "Prices: ..."]);
    // Open all week: a new customer gets the welcome.
    const open = Array.from({ length: 7 }, () => [{ open: "00:00", close: "23:59" }]);
    await saveBusinessHours(admin(t), t.business.id, { timeZone: "UTC", week: open, holidays: [] });
    const d = phone();
    await customerWrites(t, d, "hello");
    expect(await sentTo(t, d)).toEqual(["Welcome!"]);
    await expect(
      saveBusinessHours(userCtx(t.business.id, t.admin.id, "AGENT"), t.business.id, {
        timeZone: "UTC",
        week: open,
      }),
    ).rejects.toMatchObject({ code: "forbidden" });
  });

  it("sends the away notice once per closed period when no flow took the message", async () => {
    const t = await createTestBusiness();
    const closedWeek = { timeZone: "UTC", week: [[], [], [], [], [], [], []], awayText: "We are closed." };
    await saveBusinessHours(admin(t), t.business.id, closedWeek);
    const c = phone();
    await customerWrites(t, c, "hello");
    await customerWrites(t, c, "anyone?");
    expect(await sentTo(t, c)).toEqual(["We are closed."]);
    // The business was open since the last notice (a day ago): the next closed period sends it again.
    await rawQuery(
      db(),
      `UPDATE away_notices SET sent_at = now() - interval '1 day' WHERE business_id = $1`,
      [t.business.id],
    );
    const allDay = Array.from({ length: 7 }, () => [{ open: "00:00", close: "23:59" }]);
    await saveBusinessHours(admin(t), t.business.id, {
      ...closedWeek,
      week: allDay,
      holidays: [new Date().toISOString().slice(0, 10)],
    });
    await customerWrites(t, c, "still closed?");
    expect(await sentTo(t, c)).toEqual(["We are closed.", "We are closed."]);
  });

  it("sends nothing free-form outside the window: a wake after 24 hours fails the run with the reason", async () => {
    const t = await createTestBusiness();
    await published(t, {
      triggers: [{ type: "keyword", words: ["later"] }],
      start: "w",
      steps: [
        { id: "w", type: "wait", minutes: 60 * 25, next: "b" },
        { id: "b", type: "end", text: "Too late" },
      ],
    });
    const c = phone();
    await customerWrites(t, c, "later");
    const conv = await conversationOf(t.business.id, c);
    await rawQuery(
      db(),
      `UPDATE conversations SET last_customer_message_at = now() - interval '25 hours' WHERE id = $1`,
      [conv.id],
    );
    await due("flows.wake");
    await work("flows.wake");
    expect(await sentTo(t, c)).toEqual([]);
    expect((await runOf(conv.id)).end_reason).toContain("24-hour window is closed");
  });

  it("a wait-only ask sends nothing, takes the next message as its answer, and re-asks with its retry text alone", async () => {
    const t = await createTestBusiness();
    await published(t, {
      triggers: [{ type: "keyword", words: ["status"] }],
      start: "w",
      steps: [
        {
          id: "w",
          type: "ask",
          waitOnly: true,
          expect: "number",
          retryText: "Send the order number, digits only.",
          retries: 1,
          saveAs: "n",
          next: "done",
          onInvalid: "human",
        },
        { id: "done", type: "end", text: "Order {{n}} ships tomorrow." },
        { id: "human", type: "handover", text: "A colleague will help." },
      ],
    });
    const c = phone();
    await customerWrites(t, c, "status");
    const conv = await conversationOf(t.business.id, c);
    expect(await sentTo(t, c)).toEqual([]);
    expect(await runOf(conv.id)).toMatchObject({ state: "waiting", step_id: "w" });
    await customerWrites(t, c, "abc");
    expect(await sentTo(t, c)).toEqual(["Send the order number, digits only."]);
    await customerWrites(t, c, "still no");
    expect((await sentTo(t, c)).at(-1)).toBe("A colleague will help.");
    expect((await runOf(conv.id)).state).toBe("handed_over");

    const d = phone();
    await customerWrites(t, d, "status");
    await customerWrites(t, d, "4711");
    expect(await sentTo(t, d)).toEqual(["Order 4711 ships tomorrow."]);
    expect((await runOf((await conversationOf(t.business.id, d)).id)).variables).toEqual({ n: "4711" });
  });

  it("never advances a run twice for a redelivered message, never starts two runs for concurrent messages, and bounds runs per hour", async () => {
    const t = await createTestBusiness();
    await published(t, {
      triggers: [{ type: "keyword", words: ["order"] }],
      settings: { maxRunsPerHour: 2, timeoutMinutes: 60 },
      start: "ask",
      steps: [
        {
          id: "ask",
          type: "ask",
          question: "Number?",
          expect: "number",
          saveAs: "n",
          retries: 2,
          next: "done",
        },
        { id: "done", type: "end", text: "Got {{n}}" },
      ],
    });
    const { recordInboundMessages } = await import("@/lib/inbound/record-inbound-messages");
    const { customerText } = await import("@/test/customer-text");
    const { chatappSender } = await import("@/test/conversations");
    const c = phone();
    // Two connections at once, same conversation: one run (the second message is its answer).
    await Promise.all([customerWrites(t, c, "order"), customerWrites(t, c, "order")]);
    const conv = await conversationOf(t.business.id, c);
    const runs = await rawQuery(db(), `SELECT 1 FROM flow_runs WHERE conversation_id = $1`, [conv.id]);
    expect(runs).toHaveLength(1);
    // The same provider message twice: the answer counts once.
    const m = customerText(c, chatappSender(t), { text: "12", ref: `wamid.${uniq()}` });
    const write = () =>
      recordInboundMessages(
        { db: db(), actor: { type: "system", id: "test" } },
        { businessId: t.business.id, channel: "chatapp", provider: "simulator", messages: [m] },
      );
    await write();
    await write();
    expect((await sentTo(t, c)).filter((x) => x === "Got 12")).toHaveLength(1);
    // Runs per hour: the third start in the hour does not run.
    await customerWrites(t, c, "order");
    await customerWrites(t, c, "5");
    await customerWrites(t, c, "order");
    expect((await sentTo(t, c)).filter((x) => x === "Number?")).toHaveLength(2);
  });
});
