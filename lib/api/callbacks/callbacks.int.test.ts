import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueCallback } from "@/lib/callbacks/enqueue-callbacks";
import { verify } from "@/lib/callbacks/sign";
import { systemCtx } from "@/lib/context";
import { resetEnv } from "@/lib/env";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { api } from "@/test/api";
import { startReceiver, type Received } from "@/test/callback-receiver";
import { createTestBusiness, type TestBusiness } from "@/test/factories";

const base = (id: string) => `/api/v3/callbacks/${id}`;
const key = (t: TestBusiness) => ({ "x-api-key": t.apiKey });

function signatureOk(r: Received, secret: string) {
  return verify(
    secret,
    {
      id: String(r.headers["webhook-id"]),
      timestamp: String(r.headers["webhook-timestamp"]),
      signature: String(r.headers["webhook-signature"]),
    },
    r.body,
  );
}

describe("callback endpoints API", () => {
  let a: TestBusiness;
  let b: TestBusiness;
  let rx: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestBusiness(), createTestBusiness()]);
    rx = await startReceiver();
  });
  afterAll(() => rx.close());

  const create = (t: TestBusiness, json: unknown) =>
    api(`${base(t.business.id)}/endpoints`, { headers: key(t), json });

  it("registers an endpoint and returns its secret once created", async () => {
    const res = await create(a, {
      url: rx.url,
      description: "CRM",
      events: ["message.status", "message.status"],
    });
    expect(res.status).toBe(201);
    expect(res.json.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(res.json.endpoint).toMatchObject({
      url: rx.url,
      description: "CRM",
      events: ["message.status"],
      enabled: true,
    });
    expect(typeof res.json.endpoint.createdAt).toBe("number");
    const list = await api(`${base(a.business.id)}/endpoints`, { headers: key(a) });
    expect(list.status).toBe(200);
    expect(list.json.endpoints.map((e: { id: string }) => e.id)).toContain(res.json.endpoint.id);
    expect(JSON.stringify(list.json)).not.toContain("whsec_");
  });

  it.each([
    [{ url: "ftp://example.com/x" }, "url", /http and https/],
    [{ url: "not a url" }, "url", /valid URL/],
    [{ url: "https://user:pw@example.com/x" }, "url", /Credentials/],
    [{ url: `https://example.com/${"x".repeat(2100)}` }, "url", /2048/],
    [{ url: "https://93.184.216.34/x", events: ["message.nope"] }, "events.0", /./],
    [{}, "url", /./],
    [{ url: "https://93.184.216.34/x", enabled: "yes" }, "enabled", /./],
  ])("answers 400 for %j", async (json, path, message) => {
    const res = await create(a, json);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("invalid_request");
    const detail = res.json.error.details.find((d: { path: string }) => d.path === path);
    expect(detail?.message).toMatch(message);
  });

  it("refuses loopback, private, metadata and IPv6-mapped targets when private URLs are not allowed", async () => {
    process.env.ALLOW_PRIVATE_CALLBACK_URLS = "false";
    resetEnv();
    try {
      for (const url of [
        rx.url,
        "http://10.0.0.1/x",
        "http://169.254.169.254/latest/meta-data",
        "http://[::1]:8080/x",
        "http://[::ffff:127.0.0.1]/x",
        "http://[fd00:ec2::254]/x",
        "http://100.64.0.1/x",
        "http://localhost:3000/x",
      ]) {
        const res = await create(a, { url });
        expect(res.status, url).toBe(400);
        expect(res.json.error.details[0].path).toBe("url");
      }
      // A public address passes validation; the endpoint is created disabled and deleted at
      // once, so no later event of this business is ever delivered to it (nothing leaves this
      // machine in tests: test/loopback-guard.ts).
      const ok = await create(a, { url: "https://93.184.216.34/hook", enabled: false });
      expect(ok.status).toBe(201);
      expect(ok.json.endpoint.enabled).toBe(false);
      const okPath = `${base(a.business.id)}/endpoints/${ok.json.endpoint.id}`;
      const patched = await api(okPath, {
        method: "PATCH",
        headers: key(a),
        json: { url: "http://192.168.1.10/x" },
      });
      expect(patched.status).toBe(400);
      expect((await api(okPath, { method: "DELETE", headers: key(a) })).status).toBe(204);
    } finally {
      process.env.ALLOW_PRIVATE_CALLBACK_URLS = "true";
      resetEnv();
    }
  });

  it("updates, reveals and rotates the secret, deletes", async () => {
    const created = await create(a, { url: rx.url });
    const id = created.json.endpoint.id;
    const path = `${base(a.business.id)}/endpoints/${id}`;
    const patched = await api(path, {
      method: "PATCH",
      headers: key(a),
      json: { enabled: false, events: ["call.cdr"], description: "calls" },
    });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ id, enabled: false, events: ["call.cdr"], description: "calls" });
    expect((await api(path, { method: "PATCH", headers: key(a), json: {} })).status).toBe(400);
    expect((await api(path, { headers: key(a) })).json.enabled).toBe(false);

    const revealed = await api(`${path}/secret`, { headers: key(a) });
    expect(revealed.json.secret).toBe(created.json.secret);
    const rotated = await api(`${path}/rotate-secret`, { method: "POST", headers: key(a) });
    expect(rotated.status).toBe(200);
    expect(rotated.json.secret).not.toBe(created.json.secret);
    expect((await api(`${path}/secret`, { headers: key(a) })).json.secret).toBe(rotated.json.secret);

    expect((await api(path, { method: "DELETE", headers: key(a) })).status).toBe(204);
    expect((await api(path, { headers: key(a) })).status).toBe(404);
    expect((await api(path, { method: "DELETE", headers: key(a) })).status).toBe(404);
  });

  describe("POST …/rotate-secret with a grace period", () => {
    const now = () => Math.floor(Date.now() / 1000);
    let path: string;
    let secret: string;
    beforeAll(async () => {
      const created = await create(a, { url: rx.url });
      path = `${base(a.business.id)}/endpoints/${created.json.endpoint.id}`;
      secret = created.json.secret;
    });
    const rotate = (opts: { json?: unknown; body?: string; headers?: Record<string, string> } = {}) =>
      api(`${path}/rotate-secret`, { method: "POST", ...opts, headers: { ...key(a), ...opts.headers } });

    it("without a body (as before) keeps the old secret signing for 24 hours", async () => {
      const res = await rotate();
      expect(res.status).toBe(200);
      expect(res.json.secret).toMatch(/^whsec_/);
      expect(res.json.previousSecretExpiresAt).toBeGreaterThanOrEqual(now() + 86400 - 5);
      expect(res.json.previousSecretExpiresAt).toBeLessThanOrEqual(now() + 86400 + 5);
      const ep = await api(path, { headers: key(a) });
      expect(ep.json.previousSecretExpiresAt).toBe(res.json.previousSecretExpiresAt);

      // Deliveries now carry both signatures: a receiver holding either secret verifies them.
      const before = rx.received.length;
      expect((await api(`${path}/test`, { method: "POST", headers: key(a) })).json.status).toBe("delivered");
      const got = rx.received[before]!;
      expect(String(got.headers["webhook-signature"]).split(" ")).toHaveLength(2);
      expect(signatureOk(got, secret)).toBe(true);
      expect(signatureOk(got, res.json.secret)).toBe(true);
      secret = res.json.secret;
    });

    it("reads an empty body sent as application/json as no body", async () => {
      const res = await rotate({ body: "", headers: { "content-type": "application/json" } });
      expect(res.status).toBe(200);
      expect(res.json.previousSecretExpiresAt).toBeGreaterThan(now() + 86400 - 5);
      secret = res.json.secret;
    });

    it("takes graceSeconds: 3600, and 0 for now", async () => {
      const hour = await rotate({ json: { graceSeconds: 3600 } });
      expect(hour.status).toBe(200);
      expect(hour.json.previousSecretExpiresAt - now()).toBeGreaterThan(3600 - 5);
      expect(hour.json.previousSecretExpiresAt - now()).toBeLessThanOrEqual(3600);
      const at = await rotate({ json: { graceSeconds: 0 } });
      expect(at.status).toBe(200);
      expect(at.json.previousSecretExpiresAt).toBeNull();
      expect((await api(path, { headers: key(a) })).json.previousSecretExpiresAt).toBeNull();

      const before = rx.received.length;
      await api(`${path}/test`, { method: "POST", headers: key(a) });
      const got = rx.received[before]!;
      expect(String(got.headers["webhook-signature"]).split(" ")).toHaveLength(1);
      expect(signatureOk(got, at.json.secret)).toBe(true);
      expect(signatureOk(got, hour.json.secret)).toBe(false);
      secret = at.json.secret;
    });

    it.each([
      [{ graceSeconds: -1 }, /negative/],
      [{ graceSeconds: 604801 }, /At most 604800/],
      [{ graceSeconds: 1.5 }, /whole number/],
      [{ graceSeconds: "86400" }, /whole number/],
      [{ graceSeconds: null }, /whole number/],
    ])("answers 400 for %j and keeps the secret", async (json, message) => {
      const res = await rotate({ json });
      expect(res.status).toBe(400);
      expect(res.json.error).toMatchObject({ code: "invalid_request", requestId: expect.any(String) });
      expect(res.json.error.details[0].path).toBe("graceSeconds");
      expect(res.json.error.details[0].message).toMatch(message);
      expect(res.json.error.message).toMatch(/graceSeconds/);
      expect((await api(`${path}/secret`, { headers: key(a) })).json.secret).toBe(secret);
    });

    it("answers 400 for malformed JSON", async () => {
      const res = await rotate({ body: "{graceSeconds:", headers: { "content-type": "application/json" } });
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe("invalid_request");
    });
  });

  it("sends a test event that the receiver verifies with the revealed secret; replays it", async () => {
    const created = await create(a, { url: rx.url, events: ["message.status"] });
    const path = `${base(a.business.id)}/endpoints/${created.json.endpoint.id}`;
    const before = rx.received.length;
    const res = await api(`${path}/test`, { method: "POST", headers: key(a) });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      event: "test",
      status: "delivered",
      attempts: 1,
      lastResponseCode: 200,
    });
    expect(res.json.attemptLog[0]).toMatchObject({ attemptNo: 1, responseStatus: 200, responseBody: "ok" });
    const got = rx.received[before]!;
    expect(got.headers["webhook-id"]).toBe(res.json.id);
    expect(JSON.parse(got.body)).toMatchObject({ type: "test", endpointId: created.json.endpoint.id });
    const secret = (await api(`${path}/secret`, { headers: key(a) })).json.secret;
    expect(signatureOk(got, secret)).toBe(true);

    const replay = await api(`${base(a.business.id)}/deliveries/${res.json.id}/replay`, {
      method: "POST",
      headers: key(a),
    });
    expect(replay.status).toBe(200);
    expect(replay.json).toMatchObject({ id: res.json.id, status: "delivered", attempts: 2 });
    expect(replay.json.attemptLog).toHaveLength(2);
    expect(rx.received.at(-1)!.headers["webhook-id"]).toBe(res.json.id);
    expect(signatureOk(rx.received.at(-1)!, secret)).toBe(true);
  });

  it("sends the receiver's Basic or Bearer credentials on every attempt, sealed and never shown again", async () => {
    const password = "s3cret-Pass-0451";
    const created = await create(a, {
      url: rx.url,
      events: ["message.status"],
      auth: { type: "basic", username: "switchboard", password },
    });
    expect(created.status).toBe(201);
    expect(created.json.endpoint.auth).toEqual({ type: "basic", username: "switchboard" });
    const id = created.json.endpoint.id as string;
    const path = `${base(a.business.id)}/endpoints/${id}`;
    const shown = [
      await api(path, { headers: key(a) }),
      await api(`${base(a.business.id)}/endpoints`, { headers: key(a) }),
    ];
    for (const r of shown) expect(JSON.stringify(r.json)).not.toContain(password);
    const [row] = await rawQuery<{ auth_ciphertext: string }>(
      db(),
      "SELECT auth_ciphertext FROM callback_endpoints WHERE id = $1",
      [id],
    );
    expect(row!.auth_ciphertext).toMatch(/^v1\./);
    expect(row!.auth_ciphertext).not.toContain(password);
    const audit = await rawQuery<{ data: unknown }>(db(), "SELECT data FROM audit_log WHERE target_id = $1", [
      id,
    ]);
    expect(JSON.stringify(audit)).not.toContain(password);

    const secret = (await api(`${path}/secret`, { headers: key(a) })).json.secret;
    const testEvent = async () => {
      const before = rx.received.length;
      expect((await api(`${path}/test`, { method: "POST", headers: key(a) })).json.status).toBe("delivered");
      const got = rx.received[before]!;
      expect(signatureOk(got, secret)).toBe(true);
      return got.headers.authorization;
    };
    expect(await testEvent()).toBe(`Basic ${Buffer.from(`switchboard:${password}`).toString("base64")}`);

    const bearer = await api(path, {
      method: "PATCH",
      headers: key(a),
      json: { auth: { type: "bearer", token: "tok_AbC.123-xyz" } },
    });
    expect(bearer.json.endpoint?.auth ?? bearer.json.auth).toEqual({ type: "bearer" });
    expect(await testEvent()).toBe("Bearer tok_AbC.123-xyz");
    // Another change keeps them; null removes them.
    await api(path, { method: "PATCH", headers: key(a), json: { description: "kept" } });
    expect(await testEvent()).toBe("Bearer tok_AbC.123-xyz");
    await api(path, { method: "PATCH", headers: key(a), json: { auth: null } });
    expect(await testEvent()).toBeUndefined();
  });

  it.each([
    [{ type: "basic", username: "a:b", password: "x" }, "auth.username", /colon/],
    [{ type: "basic", username: "a", password: "" }, "auth.password", /password/],
    [{ type: "bearer", token: "two words" }, "auth.token", /without spaces/],
    [{ type: "digest" }, "auth.type", /./],
  ])("answers 400 for credentials %j", async (auth, path, message) => {
    const res = await create(a, { url: rx.url, auth });
    expect(res.status).toBe(400);
    const detail = res.json.error.details.find((d: { path: string }) => d.path === path);
    expect(detail?.message).toMatch(message);
  });

  it("lists deliveries with filters and pages", async () => {
    const t = await createTestBusiness();
    const ep = (await create(t, { url: rx.url })).json.endpoint;
    for (let i = 0; i < 3; i++) {
      await enqueueCallback(systemCtx(), {
        businessId: t.business.id,
        event: "message.status",
        payload: {
          messageId: `msg-${i}`,
          messageRef: "r",
          subscriberId: "9199",
          status: "sent",
          sentAt: 1700000000,
        },
      });
    }
    await api(`${base(t.business.id)}/endpoints/${ep.id}/test`, { method: "POST", headers: key(t) });
    const all = await api(`${base(t.business.id)}/deliveries`, { headers: key(t) });
    expect(all.status).toBe(200);
    expect(all.json.deliveries).toHaveLength(4);
    const tests = await api(`${base(t.business.id)}/deliveries?event=test`, { headers: key(t) });
    expect(tests.json.deliveries).toHaveLength(1);
    const one = await api(`${base(t.business.id)}/deliveries?subjectId=msg-1`, { headers: key(t) });
    expect(one.json.deliveries.map((d: { payload: { messageId: string } }) => d.payload.messageId)).toEqual([
      "msg-1",
    ]);
    const pending = await api(`${base(t.business.id)}/deliveries?status=pending&endpointId=${ep.id}`, {
      headers: key(t),
    });
    expect(pending.json.deliveries).toHaveLength(3);
    const page1 = await api(`${base(t.business.id)}/deliveries?limit=3`, { headers: key(t) });
    expect(page1.json.deliveries).toHaveLength(3);
    const page2 = await api(`${base(t.business.id)}/deliveries?limit=3&before=${page1.json.nextCursor}`, {
      headers: key(t),
    });
    expect(page2.json.deliveries).toHaveLength(1);
    expect(page2.json.nextCursor).toBeNull();
    expect((await api(`${base(t.business.id)}/deliveries?limit=0`, { headers: key(t) })).status).toBe(400);
    expect((await api(`${base(t.business.id)}/deliveries?status=nope`, { headers: key(t) })).status).toBe(
      400,
    );
  });

  describe("tenant isolation", () => {
    let endpointA: string;
    let deliveryA: string;
    beforeAll(async () => {
      endpointA = (await create(a, { url: rx.url })).json.endpoint.id;
      deliveryA = (
        await api(`${base(a.business.id)}/endpoints/${endpointA}/test`, { method: "POST", headers: key(a) })
      ).json.id;
    });

    const routes = (biz: string, ep: string, dl: string): Array<[string, string]> => [
      ["GET", `${base(biz)}/endpoints`],
      ["POST", `${base(biz)}/endpoints`],
      ["GET", `${base(biz)}/endpoints/${ep}`],
      ["PATCH", `${base(biz)}/endpoints/${ep}`],
      ["DELETE", `${base(biz)}/endpoints/${ep}`],
      ["GET", `${base(biz)}/endpoints/${ep}/secret`],
      ["POST", `${base(biz)}/endpoints/${ep}/rotate-secret`],
      ["POST", `${base(biz)}/endpoints/${ep}/test`],
      ["GET", `${base(biz)}/deliveries`],
      ["GET", `${base(biz)}/deliveries/${dl}`],
      ["POST", `${base(biz)}/deliveries/${dl}/replay`],
    ];
    const bodyFor = (method: string) =>
      method === "POST" || method === "PATCH" ? { json: { url: rx.url, enabled: true } } : {};

    it("answers 401 without a key on every route", async () => {
      for (const [method, path] of routes(a.business.id, endpointA, deliveryA)) {
        const res = await api(path, { method, ...bodyFor(method) });
        expect(res.status, `${method} ${path}`).toBe(401);
      }
    });

    it("answers 401 to business B's key on business A's paths", async () => {
      for (const [method, path] of routes(a.business.id, endpointA, deliveryA)) {
        const res = await api(path, { method, headers: key(b), ...bodyFor(method) });
        expect(res.status, `${method} ${path}`).toBe(401);
      }
    });

    it("answers 404 when B names A's endpoint or delivery under its own business", async () => {
      for (const [method, path] of routes(b.business.id, endpointA, deliveryA).filter(([, p]) =>
        /[0-9a-f-]{36}\/(endpoints|deliveries)\/.+/.test(p),
      )) {
        const res = await api(path, { method, headers: key(b), ...bodyFor(method) });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.text).not.toContain("whsec_");
      }
      const list = await api(`${base(b.business.id)}/deliveries`, { headers: key(b) });
      expect(list.json.deliveries.find((d: { id: string }) => d.id === deliveryA)).toBeUndefined();
      const eps = await api(`${base(b.business.id)}/endpoints`, { headers: key(b) });
      expect(eps.json.endpoints.find((e: { id: string }) => e.id === endpointA)).toBeUndefined();
      // A's endpoint is untouched.
      const still = await api(`${base(a.business.id)}/endpoints/${endpointA}`, { headers: key(a) });
      expect(still.status).toBe(200);
    });

    it("lets no other business rotate A's secret or start a grace on it", async () => {
      const path = (biz: string) => `${base(biz)}/endpoints/${endpointA}`;
      const before = (await api(`${path(a.business.id)}/secret`, { headers: key(a) })).json.secret;
      for (const p of [path(a.business.id), path(b.business.id)]) {
        const res = await api(`${p}/rotate-secret`, {
          method: "POST",
          headers: key(b),
          json: { graceSeconds: 604800 },
        });
        expect([401, 404], p).toContain(res.status);
        expect(res.text).not.toContain("whsec_");
      }
      expect((await api(`${path(a.business.id)}/secret`, { headers: key(a) })).json.secret).toBe(before);
      expect((await api(path(a.business.id), { headers: key(a) })).json.previousSecretExpiresAt).toBeNull();
    });

    it("answers 400 for an id that is not a UUID", async () => {
      const res = await api(`${base(a.business.id)}/endpoints/nope`, { headers: key(a) });
      expect(res.status).toBe(400);
      expect(res.json.error.details[0].path).toBe("param.endpoint_id");
    });
  });

  it("is described in the OpenAPI document", async () => {
    const doc = await api("/api/openapi.json");
    expect(Object.keys(doc.json.paths)).toEqual(
      expect.arrayContaining([
        "/api/v3/callbacks/{business_id}/endpoints",
        "/api/v3/callbacks/{business_id}/endpoints/{endpoint_id}/rotate-secret",
        "/api/v3/callbacks/{business_id}/deliveries/{delivery_id}/replay",
        "/api/internal/dispatch",
      ]),
    );
  });
});

describe("POST /api/internal/dispatch", () => {
  const secret = "operator-secret-for-tests-0123456789";
  afterAll(() => {
    delete process.env.OPERATOR_SECRET;
    resetEnv();
  });

  it("answers 503 when no operator secret is configured", async () => {
    delete process.env.OPERATOR_SECRET;
    resetEnv();
    const res = await api("/api/internal/dispatch", {
      method: "POST",
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(res.status).toBe(503);
    expect(res.json.error.message).toMatch(/OPERATOR_SECRET/);
  });

  it("answers 401 without or with a wrong secret, and drains the due jobs with it", async () => {
    process.env.OPERATOR_SECRET = secret;
    resetEnv();
    expect((await api("/api/internal/dispatch", { method: "POST" })).status).toBe(401);
    const wrong = await api("/api/internal/dispatch", {
      method: "POST",
      headers: { authorization: `Bearer ${secret}x` },
    });
    expect(wrong.status).toBe(401);
    const t = await createTestBusiness();
    expect(
      (await api("/api/internal/dispatch", { method: "POST", headers: { "x-api-key": t.apiKey } })).status,
    ).toBe(401);

    const rx = await startReceiver();
    try {
      await api(`${base(t.business.id)}/endpoints`, { headers: key(t), json: { url: rx.url } });
      await enqueueCallback(systemCtx(), {
        businessId: t.business.id,
        event: "call.cdr",
        payload: {
          CallSid: "call-1",
          EventType: null,
          DateCreated: "2026-01-01 10:00:00",
          DateUpdated: "2026-01-01 10:05:00",
          Status: "completed",
          To: "919900000001",
          From: "918000000000",
          PhoneNumberSid: "pn-1",
          StartTime: "01/01/2026 10:00:00",
          EndTime: "01/01/2026 10:05:00",
          Direction: "OUTBOUND",
          RecordingUrl: "https://rec.example/call-1.mp3",
          ConversationDuration: 300,
          Legs: [{ OnCallDuration: 300, Status: "Disconnected" }],
        },
      });
      const res = await api("/api/internal/dispatch?maxJobs=100&budgetMs=10000", {
        method: "POST",
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(res.status).toBe(200);
      expect(res.json.queues["callbacks.deliver"].processed).toBeGreaterThanOrEqual(1);
      expect(res.json.processed).toBeGreaterThanOrEqual(1);
      expect(rx.received.map((r) => JSON.parse(r.body).CallSid)).toContain("call-1");
      expect(
        (
          await api("/api/internal/dispatch?maxJobs=0", {
            method: "POST",
            headers: { authorization: `Bearer ${secret}` },
          })
        ).status,
      ).toBe(400);
    } finally {
      await rx.close();
    }
  });
});
