import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setChannel } from "@/lib/businesses/set-channel";
import { systemCtx } from "@/lib/context";
import { resetEnv } from "@/lib/env";
import { uuidv7 } from "@/lib/ids";
import { messagesConfig } from "@/lib/messages/dispatch/config";
import { senderRate } from "@/lib/messages/dispatch/sender-rate";
import { api } from "@/test/api";
import { createTestBusiness, type TestBusiness } from "@/test/factories";

const secret = "operator-secret-for-sender-tests-0123";
const operator = { authorization: `Bearer ${secret}` };
const listPath = (id: string) => `/api/v3/business/${id}/senders`;
const ratePath = (id: string, sender: string) =>
  `/api/internal/business/${id}/senders/${encodeURIComponent(sender)}/rate`;
const put = (path: string, json: unknown, headers: Record<string, string> = operator) =>
  api(path, { method: "PUT", headers, json });

describe("sender rate API", () => {
  let a: TestBusiness;
  let b: TestBusiness;
  let phoneA: string;
  let agentA: string;
  let phoneB: string;
  const fallback = () => messagesConfig().MESSAGES_SENDER_RATE;

  beforeAll(async () => {
    process.env.OPERATOR_SECRET = secret;
    resetEnv();
    [a, b] = await Promise.all([createTestBusiness(), createTestBusiness()]);
    phoneA = a.business.channels.find((c) => c.channel === "chatapp")!.phoneNumberIds[0]!;
    agentA = a.business.channels.find((c) => c.channel === "rcs")!.agentId!;
    phoneB = b.business.channels.find((c) => c.channel === "chatapp")!.phoneNumberIds[0]!;
  });
  afterAll(() => {
    delete process.env.OPERATOR_SECRET;
    resetEnv();
  });

  it("GET lists the business's senders on the default rate (any credential scheme)", async () => {
    const res = await api(listPath(a.business.id), { headers: { "x-api-key": a.apiKey } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      businessId: a.business.id,
      maxPerSecond: 1000,
      senders: [
        { sender: phoneA, channel: "chatapp", perSecond: fallback(), isDefault: true },
        { sender: agentA, channel: "rcs", perSecond: fallback(), isDefault: true },
      ],
    });
    const bearer = await api(listPath(a.business.id), { headers: { authorization: `Bearer ${a.apiKey}` } });
    expect(bearer.json).toEqual(res.json);
  });

  it("PUT answers 401 without the operator secret, with a wrong one, and with a business API key", async () => {
    const path = ratePath(a.business.id, phoneA);
    expect((await put(path, { perSecond: 100 }, {})).status).toBe(401);
    expect((await put(path, { perSecond: 100 }, { authorization: `Bearer ${secret}x` })).status).toBe(401);
    const withKey = await put(path, { perSecond: 100 }, { "x-api-key": a.apiKey });
    expect(withKey.status).toBe(401);
    expect(withKey.json.error.message).toMatch(/operator secret/);
    const bearerKey = await put(path, { perSecond: 100 }, { authorization: `Bearer ${a.apiKey}` });
    expect(bearerKey.status).toBe(401);
    expect(
      await senderRate(systemCtx(), { businessId: a.business.id, channel: "chatapp", sender: phoneA }),
    ).toBe(fallback());
  });

  it("PUT answers 400 for 0, 1001, a fraction, a string and a missing perSecond", async () => {
    const path = ratePath(a.business.id, phoneA);
    for (const body of [{ perSecond: 0 }, { perSecond: 1001 }, { perSecond: 2.5 }, { perSecond: "80" }, {}]) {
      const res = await put(path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.details.map((d: { path: string }) => d.path)).toContain("perSecond");
    }
    const over = await put(path, { perSecond: 1001 });
    expect(over.json.error.message).toMatch(/At most 1,000 messages per second/);
    expect((await put(ratePath("not-a-uuid", phoneA), { perSecond: 5 })).status).toBe(400);
  });

  it("PUT answers 404 for an unknown sender, another business's sender and an unknown business", async () => {
    const unknown = await put(ratePath(a.business.id, "nope123"), { perSecond: 5 });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.message).toMatch(/'nope123' is not a sender of this business/);
    expect((await put(ratePath(a.business.id, phoneB), { perSecond: 5 })).status).toBe(404);
    expect((await put(ratePath(uuidv7(), phoneA), { perSecond: 5 })).status).toBe(404);
    expect(
      await senderRate(systemCtx(), { businessId: a.business.id, channel: "chatapp", sender: phoneB }),
    ).toBe(fallback());
  });

  it("PUT sets a rate that GET and senderRate() reflect; null clears it", async () => {
    const set = await put(ratePath(a.business.id, phoneA), { perSecond: 250 });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ sender: phoneA, channel: "chatapp", perSecond: 250, isDefault: false });
    const agent = await put(ratePath(a.business.id, agentA), { perSecond: 1000 });
    expect(agent.json).toMatchObject({ channel: "rcs", perSecond: 1000 });

    const listed = await api(listPath(a.business.id), { headers: { "x-api-key": a.apiKey } });
    expect(listed.json.senders).toEqual([
      { sender: phoneA, channel: "chatapp", perSecond: 250, isDefault: false },
      { sender: agentA, channel: "rcs", perSecond: 1000, isDefault: false },
    ]);
    const viaOperator = await api(`/api/internal/business/${a.business.id}/senders`, { headers: operator });
    expect(viaOperator.json).toEqual(listed.json);
    expect(
      await senderRate(systemCtx(), { businessId: a.business.id, channel: "chatapp", sender: phoneA }),
    ).toBe(250);

    // B is untouched.
    const bList = await api(listPath(b.business.id), { headers: { "x-api-key": b.apiKey } });
    expect(bList.json.senders.every((s: { isDefault: boolean }) => s.isDefault)).toBe(true);

    const cleared = await put(ratePath(a.business.id, phoneA), { perSecond: null });
    expect(cleared.json).toEqual({
      sender: phoneA,
      channel: "chatapp",
      perSecond: fallback(),
      isDefault: true,
    });
    expect(
      await senderRate(systemCtx(), { businessId: a.business.id, channel: "chatapp", sender: phoneA }),
    ).toBe(fallback());
  });

  it("a chatapp number and the RCS agent with the same id: two senders, PUT names the channel", async () => {
    const c = await createTestBusiness();
    const shared = c.business.channels.find((ch) => ch.channel === "rcs")!.agentId!;
    await setChannel(systemCtx(), {
      businessId: c.business.id,
      channel: "chatapp",
      enabled: true,
      phoneNumberIds: [shared],
    });
    const ambiguous = await put(ratePath(c.business.id, shared), { perSecond: 5 });
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.json.error).toMatchObject({
      code: "invalid_request",
      message: expect.stringMatching(/both a chatapp phoneNumberId and the RCS agent id.*channel/),
      details: [{ path: "channel", message: expect.any(String) }],
      requestId: expect.any(String),
    });
    const badChannel = await put(ratePath(c.business.id, shared), { perSecond: 5, channel: "sms" });
    expect(badChannel.status).toBe(400);
    expect(badChannel.json.error.details).toEqual([
      { path: "channel", message: expect.stringMatching(/chatapp.*rcs/) },
    ]);

    expect((await put(ratePath(c.business.id, shared), { perSecond: 5, channel: "chatapp" })).json).toEqual({
      sender: shared,
      channel: "chatapp",
      perSecond: 5,
      isDefault: false,
    });
    await put(ratePath(c.business.id, shared), { perSecond: 9, channel: "rcs" });
    const listed = await api(listPath(c.business.id), { headers: { "x-api-key": c.apiKey } });
    expect(listed.json.senders).toEqual([
      { sender: shared, channel: "chatapp", perSecond: 5, isDefault: false },
      { sender: shared, channel: "rcs", perSecond: 9, isDefault: false },
    ]);
    const key = { businessId: c.business.id, sender: shared };
    expect(await senderRate(systemCtx(), { ...key, channel: "chatapp" })).toBe(5);
    expect(await senderRate(systemCtx(), { ...key, channel: "rcs" })).toBe(9);
  });

  it("is in the OpenAPI document", async () => {
    const doc = (await api("/api/openapi.json")).json;
    expect(doc.paths["/api/v3/business/{business_id}/senders"].get).toBeDefined();
    expect(doc.paths["/api/internal/business/{business_id}/senders/{sender}/rate"].put).toBeDefined();
  });
});
