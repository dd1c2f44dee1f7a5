import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { calls, users } from "@/db/schema";
import { createEndpoint } from "@/lib/callbacks/create-endpoint";
import { verify } from "@/lib/callbacks/sign";
import { setCallingSettings } from "@/lib/calls/calling-config";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { drainQueues } from "@/lib/jobs/drain-queues";
import { api } from "@/test/api";
import { startReceiver } from "@/test/callback-receiver";
import { createTestBusiness, createTestUser, type TestBusiness } from "@/test/factories";
import { resetEnv } from "@/lib/env";

const ctx = systemCtx("test");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const CALL = "/api/v2/calling/telecalling";
const q = (t: TestBusiness, email: string, to?: string) =>
  `apikey=${t.apiKey}&email=${encodeURIComponent(email)}${to === undefined ? "" : `&call_to=${encodeURIComponent(to)}`}`;
const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
const callRow = async (id: string) => (await db().select().from(calls).where(eq(calls.id, id)))[0]!;

async function until(done: () => Promise<boolean> | boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await drainQueues({ budgetMs: 3_000 });
    await sleep(100);
  }
}

describe("calling (G9), simulator", () => {
  let a: TestBusiness;
  let b: TestBusiness;
  let rx: Awaited<ReturnType<typeof startReceiver>>;
  let secret: string;
  beforeAll(async () => {
    process.env.CALL_SIMULATOR_STEP_MS = "0";
    process.env.CALL_SIMULATOR_TALK_MS = "0";
    resetEnv();
    [a, b] = await Promise.all([createTestBusiness(), createTestBusiness()]);
    rx = await startReceiver();
    secret = (await createEndpoint(ctx, a.business.id, { url: rx.url, events: ["call.cdr"] })).secret;
  });
  afterAll(async () => {
    delete process.env.CALL_SIMULATOR_STEP_MS;
    delete process.env.CALL_SIMULATOR_TALK_MS;
    resetEnv();
    await rx.close();
  });

  it("calls, marks the agent InCall, completes, restores its status and delivers a signed CDR", async () => {
    const agent = await createTestUser(a.business.id, {
      callingEnabled: true,
      phoneNumber: "919900000011",
      status: "Busy",
    });
    const res = await api(`${CALL}?${q(a, agent.email, "+91 98765 43215")}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      success: true,
      provider: "simulator",
      from: "919900000011",
      to: "919876543215",
      status: "queued",
      direction: "OUTBOUND",
      userStatus: "InCall",
    });
    expect(res.json.callerId).toMatch(/^9180\d{8}$/);
    const callSid = res.json.callSid;
    expect((await userRow(agent.id)).status).toBe("InCall");

    await until(() => rx.received.some((r) => JSON.parse(r.body).CallSid === callSid));
    const delivered = rx.received.find((r) => JSON.parse(r.body).CallSid === callSid)!;
    const cdr = JSON.parse(delivered.body);
    expect(cdr).toMatchObject({
      CallSid: callSid,
      EventType: "terminal",
      Status: "completed",
      To: "919876543215",
      From: "919900000011",
      PhoneNumberSid: res.json.callerId,
      Direction: "OUTBOUND",
      ConversationDuration: 25,
      Legs: [
        { OnCallDuration: 30, Status: "Disconnected" },
        { OnCallDuration: 25, Status: "Disconnected" },
      ],
    });
    expect(Object.keys(cdr).sort()).toEqual(
      [
        "CallSid",
        "EventType",
        "DateCreated",
        "DateUpdated",
        "Status",
        "To",
        "From",
        "PhoneNumberSid",
        "StartTime",
        "EndTime",
        "Direction",
        "RecordingUrl",
        "ConversationDuration",
        "Legs",
      ].sort(),
    );
    for (const f of ["StartTime", "EndTime", "DateCreated", "DateUpdated"]) {
      expect(cdr[f]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    }
    expect(delivered.headers["x-switchboard-event"]).toBe("call.cdr");
    const sig = {
      id: String(delivered.headers["webhook-id"]),
      timestamp: String(delivered.headers["webhook-timestamp"]),
      signature: String(delivered.headers["webhook-signature"]),
    };
    expect(verify(secret, sig, delivered.body)).toBe(true);

    expect((await userRow(agent.id)).status).toBe("Busy");
    expect(await callRow(callSid)).toMatchObject({ status: "completed", conversationDuration: 25 });

    const path = new URL(cdr.RecordingUrl);
    const wav = await api(path.pathname + path.search);
    expect(wav.status).toBe(200);
    expect(wav.headers.get("content-type")).toBe("audio/wav");
    const wrong = await api(`${path.pathname}?token=nope`);
    expect(wrong.status).toBe(404);
  });

  it("reports an unanswered call (number ending in 0) with no recording", async () => {
    const agent = await createTestUser(a.business.id, { callingEnabled: true });
    const res = await api(`${CALL}?${q(a, agent.email, "919876543210")}`, { method: "POST" });
    expect(res.status).toBe(200);
    const callSid = res.json.callSid;
    await until(() => rx.received.some((r) => JSON.parse(r.body).CallSid === callSid));
    const cdr = JSON.parse(rx.received.find((r) => JSON.parse(r.body).CallSid === callSid)!.body);
    expect(cdr).toMatchObject({ Status: "no-answer", ConversationDuration: 0, RecordingUrl: "" });
    expect(cdr.Legs[1]).toEqual({ OnCallDuration: 0, Status: "no-answer" });
    expect((await userRow(agent.id)).status).toBe("Available");
  });

  it("reads a national call_to with the registered number's country", async () => {
    const agent = await createTestUser(a.business.id, { callingEnabled: true });
    const res = await api(`${CALL}?${q(a, agent.email, "9876543211")}`);
    expect(res.json.to).toBe("919876543211");
  });

  it("answers 400 for a missing or invalid call_to, and a user without a phone", async () => {
    const agent = await createTestUser(a.business.id, { callingEnabled: true });
    const missing = await api(`${CALL}?${q(a, agent.email)}`);
    expect(missing.status).toBe(400);
    expect(missing.json.error.details[0].path).toMatch(/call_to/);
    const bad = await api(`${CALL}?${q(a, agent.email, "12ab")}`);
    expect(bad.status).toBe(400);
    const noPhone = await createTestUser(a.business.id, { callingEnabled: true, phoneNumber: null });
    const res = await api(`${CALL}?${q(a, noPhone.email, "919876543211")}`);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/phone number/);
  });

  it("answers 403 when calling is not enabled for the user or the business, 409 during a call", async () => {
    const off = await createTestUser(a.business.id, { callingEnabled: false });
    const res = await api(`${CALL}?${q(a, off.email, "919876543211")}`);
    expect(res.status).toBe(403);
    expect(res.json.error.message).toMatch(/not enabled for this user/);
    const busy = await createTestUser(a.business.id, { callingEnabled: true, status: "InCall" });
    expect((await api(`${CALL}?${q(a, busy.email, "919876543211")}`)).status).toBe(409);
    const c = await createTestBusiness();
    const u = await createTestUser(c.business.id, { callingEnabled: true });
    await setCallingSettings(ctx, c.business.id, {
      enabled: false,
      provider: "simulator",
      callerId: "918012345678",
    });
    const disabled = await api(`${CALL}?${q(c, u.email, "919876543211")}`);
    expect(disabled.status).toBe(403);
    expect(disabled.json.error.message).toMatch(/business/);
  });

  it("answers 401 for an e-mail of business B with A's key, and without credentials", async () => {
    const bAgent = await createTestUser(b.business.id, { callingEnabled: true });
    expect((await api(`${CALL}?${q(a, bAgent.email, "919876543211")}`)).status).toBe(401);
    expect((await api(`${CALL}?call_to=919876543211`)).status).toBe(401);
  });
});

describe("calling (G9), exotel against a local fake", () => {
  type Seen = { path: string; auth: string; form: URLSearchParams };
  const seen: Seen[] = [];
  let fail = false;
  let fake: http.Server;
  let base = "";
  let t: TestBusiness;
  let rx: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    fake = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        seen.push({
          path: req.url ?? "",
          auth: req.headers.authorization ?? "",
          form: new URLSearchParams(body),
        });
        if (fail) {
          res.writeHead(400, { "content-type": "application/json" });
          res.end(JSON.stringify({ RestException: { Status: 400, Message: "Invalid CallerId" } }));
          return;
        }
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ Call: { Sid: `exo${seen.length}`, Status: "in-progress" } }));
      });
    });
    await new Promise<void>((r) => fake.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    t = await createTestBusiness();
    rx = await startReceiver();
    await createEndpoint(ctx, t.business.id, { url: rx.url });
    await setCallingSettings(ctx, t.business.id, {
      provider: "exotel",
      callerId: "08047112233".replace(/^0/, "91"),
      config: { accountSid: "acme1", apiKey: "key1", apiToken: "tok1", baseUrl: base },
    });
  });
  afterAll(async () => {
    await rx.close();
    await new Promise<void>((r) => fake.close(() => r()));
  });
  afterEach(() => {
    fail = false;
  });

  it("connects through Exotel's API and ends the call from its StatusCallback", async () => {
    const agent = await createTestUser(t.business.id, {
      callingEnabled: true,
      phoneNumber: "919900000021",
      status: "Away",
    });
    const res = await api(`${CALL}?${q(t, agent.email, "919876543212")}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ provider: "exotel", status: "ringing" });
    const req = seen.at(-1)!;
    expect(req.path).toBe("/v1/Accounts/acme1/Calls/connect.json");
    expect(req.auth).toBe(`Basic ${Buffer.from("key1:tok1").toString("base64")}`);
    expect(req.form.get("From")).toBe("+919900000021");
    expect(req.form.get("To")).toBe("+919876543212");
    expect(req.form.get("CallerId")).toBe("918047112233");
    expect(req.form.get("StatusCallbackContentType")).toBe("application/json");
    const callback = new URL(req.form.get("StatusCallback")!);
    expect(callback.pathname).toBe(`/api/webhooks/exotel/calls/${res.json.callSid}`);

    const body = {
      CallSid: res.json.providerCallSid,
      EventType: "terminal",
      Status: "completed",
      StartTime: "2025-01-15 14:30:00",
      EndTime: "2025-01-15 14:31:05",
      ConversationDuration: 41,
      RecordingUrl: "https://recordings.example/abc.mp3",
      Legs: [
        { OnCallDuration: 60, Status: "completed" },
        { OnCallDuration: 41, Status: "completed" },
      ],
    };
    const wrong = await api(`${callback.pathname}?token=wrong`, { json: body });
    expect(wrong.status).toBe(401);
    const hook = await api(callback.pathname + callback.search, { json: body });
    expect(hook.status).toBe(200);
    expect(hook.json).toEqual({ ok: true, ended: true });
    expect((await api(callback.pathname + callback.search, { json: body })).json.ended).toBe(false);
    expect((await userRow(agent.id)).status).toBe("Away");

    await until(() => rx.received.length > 0);
    const cdr = JSON.parse(rx.received[0]!.body);
    expect(cdr).toMatchObject({
      CallSid: res.json.callSid,
      Status: "completed",
      StartTime: "15/01/2025 09:00:00",
      EndTime: "15/01/2025 09:01:05",
      ConversationDuration: 41,
      RecordingUrl: "https://recordings.example/abc.mp3",
      Legs: [
        { OnCallDuration: 60, Status: "Disconnected" },
        { OnCallDuration: 41, Status: "Disconnected" },
      ],
    });
  });

  it("accepts a form-encoded StatusCallback with Legs[n][field] names", async () => {
    const agent = await createTestUser(t.business.id, { callingEnabled: true });
    const res = await api(`${CALL}?${q(t, agent.email, "919876543213")}`);
    const callback = new URL(seen.at(-1)!.form.get("StatusCallback")!);
    const form = new URLSearchParams({
      CallSid: res.json.providerCallSid,
      Status: "no-answer",
      "Legs[0][OnCallDuration]": "20",
      "Legs[0][Status]": "completed",
      "Legs[1][OnCallDuration]": "0",
      "Legs[1][Status]": "no-answer",
    });
    const hook = await api(callback.pathname + callback.search, {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
    expect(hook.json.ended).toBe(true);
    expect(await callRow(res.json.callSid)).toMatchObject({
      status: "no-answer",
      legs: [
        { OnCallDuration: 20, Status: "Disconnected" },
        { OnCallDuration: 0, Status: "no-answer" },
      ],
    });
  });

  it("answers 503 when Exotel refuses, ends the call as failed and frees the agent", async () => {
    fail = true;
    const agent = await createTestUser(t.business.id, { callingEnabled: true, status: "Busy" });
    const res = await api(`${CALL}?${q(t, agent.email, "919876543214")}`);
    expect(res.status).toBe(503);
    expect(res.json.error.message).toMatch(/Invalid CallerId/);
    expect((await userRow(agent.id)).status).toBe("Busy");
    const [row] = await db().select().from(calls).where(eq(calls.userId, agent.id));
    expect(row?.status).toBe("failed");
  });
});
