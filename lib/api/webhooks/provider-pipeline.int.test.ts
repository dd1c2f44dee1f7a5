import { createHmac } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessChannels } from "@/db/schema";
import { startFakeServer, type FakeReply } from "@/lib/channels/testing/fake-http";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { api } from "@/test/api";
import { startReceiver } from "@/test/callback-receiver";
import { createTestBusiness, uniq, type TestBusiness } from "@/test/factories";
import { a1Body, approvedTemplate, drainAll } from "@/test/messages";
import { resetEnv } from "@/lib/env";

// The whole chain with the real adapters: API send -> dispatcher -> provider (a fake server
// speaking the wire format) -> signed webhook -> forward-only status -> signed callback.

const APP_SECRET = "pipeline-app-secret";
const CLIENT_TOKEN = "PIPELINECLIENTTOKEN";

type MessageRow = {
  status: string;
  provider: string;
  provider_message_id: string | null;
  error_code: string | null;
  failed_reason: string | null;
};
const messageRow = async (id: string) =>
  (
    await rawQuery<MessageRow>(
      db(),
      `SELECT status, provider, provider_message_id, error_code, failed_reason FROM messages WHERE id = $1`,
      [id],
    )
  )[0]!;

async function useProvider(b: TestBusiness, channel: "chatapp" | "rcs", provider: string, config: object) {
  await db()
    .update(businessChannels)
    .set({ provider, config, enabled: true })
    .where(and(eq(businessChannels.businessId, b.business.id), eq(businessChannels.channel, channel)));
}

async function registerEndpoint(b: TestBusiness, url: string) {
  const res = await api(`/api/v3/callbacks/${b.business.id}/endpoints`, {
    headers: { "x-api-key": b.apiKey },
    json: { url, events: ["message.status"] },
  });
  expect(res.status).toBe(201);
}

let graph: Awaited<ReturnType<typeof startFakeServer>>;
let rbm: Awaited<ReturnType<typeof startFakeServer>>;
let rx: Awaited<ReturnType<typeof startReceiver>>;
const graphReplies: FakeReply[] = [];
let wamid = 0;

beforeAll(async () => {
  graph = await startFakeServer(
    () =>
      graphReplies.shift() ?? {
        json: { messaging_product: "whatsapp", messages: [{ id: `wamid.P${++wamid}` }] },
      },
  );
  rbm = await startFakeServer((req) =>
    req.path.includes("/capabilities") ? { json: { features: ["RICHCARD_STANDALONE"] } } : { json: {} },
  );
  rx = await startReceiver();
  process.env.WHATSAPP_GRAPH_URL = `${graph.url}/v21.0`;
  process.env.WHATSAPP_APP_SECRET = APP_SECRET;
  process.env.RBM_API_URL = rbm.url;
  process.env.RBM_CLIENT_TOKEN = CLIENT_TOKEN;
  resetEnv();
});
afterAll(async () => {
  await Promise.all([graph.close(), rbm.close(), rx.close()]);
});

describe("whatsapp-cloud end to end", () => {
  const metaPost = (body: string) =>
    api("/api/webhooks/whatsapp", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-hub-signature-256": `sha256=${createHmac("sha256", APP_SECRET).update(body).digest("hex")}`,
      },
      body,
    });
  const statuses = (phoneNumberId: string, list: unknown[]) =>
    JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "waba",
          changes: [
            { field: "messages", value: { metadata: { phone_number_id: phoneNumberId }, statuses: list } },
          ],
        },
      ],
    });

  it("sends through the Graph API and applies Meta's signed statuses, raising the callbacks", async () => {
    const b = await createTestBusiness();
    const pn = `pn${uniq()}`;
    await useProvider(b, "chatapp", "whatsapp-cloud", { phoneNumberIds: [pn], accessToken: "EAAG-test" });
    await registerEndpoint(b, rx.url);
    const tpl = await approvedTemplate(b.business.id);
    const send = (to: string) =>
      api(`/api/v3/message/${b.business.id}/template`, {
        headers: { "x-api-key": b.apiKey },
        json: a1Body(tpl.name, pn, to, ["Asha", "A-9"]),
      });
    const ok = await send("919812340001");
    const failing = await send("919812340047");
    expect([ok.status, failing.status]).toEqual([200, 200]);
    await drainAll();

    const calls = graph.requests.filter((r) => r.path === `/v21.0/${pn}/messages`);
    expect(calls).toHaveLength(2);
    const sentBody = JSON.parse(calls.find((c) => c.body.includes("919812340001"))!.body);
    expect(sentBody).toMatchObject({
      messaging_product: "whatsapp",
      to: "919812340001",
      type: "template",
      biz_opaque_callback_data: ok.json.messageId,
      template: {
        name: tpl.name,
        language: { code: "en_US" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Asha" },
              { type: "text", text: "A-9" },
            ],
          },
        ],
      },
    });
    expect(calls[0]!.headers.authorization).toBe("Bearer EAAG-test");
    const accepted = await messageRow(ok.json.messageId);
    expect(accepted).toMatchObject({ status: "accepted", provider: "whatsapp-cloud" });
    const wa = accepted.provider_message_id!;
    const waFail = (await messageRow(failing.json.messageId)).provider_message_id!;

    // Out of order and duplicated, matched by Meta's id only (no biz_opaque_callback_data).
    const t = Math.floor(Date.now() / 1000);
    const first = statuses(pn, [
      { id: wa, status: "read", timestamp: String(t + 3) },
      { id: wa, status: "sent", timestamp: String(t + 1) },
    ]);
    expect((await metaPost(first)).status).toBe(200);
    const again = statuses(pn, [
      { id: wa, status: "delivered", timestamp: String(t + 2) },
      {
        id: waFail,
        status: "failed",
        timestamp: String(t + 1),
        errors: [
          {
            code: 131047,
            title: "Re-engagement message",
            error_data: { details: "More than 24 hours have passed since the customer last replied." },
          },
        ],
      },
    ]);
    expect((await metaPost(again)).status).toBe(200);
    expect((await messageRow(ok.json.messageId)).status).toBe("read");
    expect(await messageRow(failing.json.messageId)).toMatchObject({
      status: "failed",
      error_code: "131047",
      failed_reason: "Re-engagement message",
    });

    await drainAll();
    const bodies = rx.received.map((r) => JSON.parse(r.body) as Record<string, unknown>);
    const forOk = bodies.filter((x) => x.messageId === ok.json.messageId);
    expect(forOk.map((x) => x.status).sort()).toEqual(["delivered", "read", "sent"]);
    expect(forOk.find((x) => x.status === "read")).toMatchObject({
      subscriberId: "919812340001",
      readAt: t + 3,
    });
    expect(bodies.find((x) => x.messageId === failing.json.messageId)).toEqual({
      messageId: failing.json.messageId,
      messageRef: expect.any(String),
      subscriberId: "919812340047",
      status: "failed",
      failedAt: t + 1,
      failureReason: "Re-engagement message",
      failureDetails: "More than 24 hours have passed since the customer last replied.",
      errorCode: 131047,
    });
  });

  it("keeps a throttled message queued instead of failing it", async () => {
    const b = await createTestBusiness();
    const pn = `pn${uniq()}`;
    await useProvider(b, "chatapp", "whatsapp-cloud", { phoneNumberIds: [pn], accessToken: "EAAG-test" });
    const tpl = await approvedTemplate(b.business.id);
    graphReplies.push({
      status: 400,
      json: {
        error: { message: "(#130429) Rate limit hit", code: 130429, error_data: { details: "Throughput" } },
      },
    });
    const res = await api(`/api/v3/message/${b.business.id}/template`, {
      headers: { "x-api-key": b.apiKey },
      json: a1Body(tpl.name, pn, "919812340002", ["A", "B"]),
    });
    expect(res.status).toBe(200);
    await drainAll(3);
    const row = await messageRow(res.json.messageId);
    expect(row.status).not.toBe("failed");
    expect(row.error_code).toBeNull();
  });
});

describe("google-rbm end to end", () => {
  const rbmPost = (event: object) => {
    const data = Buffer.from(JSON.stringify(event));
    return api("/api/webhooks/rbm", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-goog-signature": createHmac("sha512", CLIENT_TOKEN).update(data).digest("base64"),
      },
      body: JSON.stringify({ message: { data: data.toString("base64"), messageId: "1" }, subscription: "s" }),
    });
  };

  it("sends an RCS text as an agent message and applies RBM's DELIVERED and READ events", async () => {
    const b = await createTestBusiness();
    const agentId = `agent_${uniq()}`;
    await useProvider(b, "rcs", "google-rbm", { agentId, accessToken: "ya29.pipeline" });
    const res = await api(`/api/v3/message/${b.business.id}/rcs/text`, {
      headers: { "x-api-key": b.apiKey },
      json: { phone: "+919812340003", text: "Your table is ready." },
    });
    expect(res.status).toBe(200);
    const messageId = res.json.messageId as string;
    await drainAll();
    const call = rbm.requests.find((r) => r.path.includes("/agentMessages"))!;
    const url = new URL(call.path, rbm.url);
    expect(decodeURIComponent(url.pathname)).toBe("/v1/phones/+919812340003/agentMessages");
    expect(url.searchParams.get("messageId")).toBe(messageId);
    expect(url.searchParams.get("agentId")).toBe(agentId);
    expect(call.headers.authorization).toBe("Bearer ya29.pipeline");
    expect(JSON.parse(call.body)).toEqual({ contentMessage: { text: "Your table is ready." } });
    expect(await messageRow(messageId)).toMatchObject({ status: "accepted", provider: "google-rbm" });

    const base = { senderPhoneNumber: "+919812340003", messageId, agentId };
    expect(
      (await rbmPost({ ...base, eventType: "DELIVERED", eventId: "e1", sendTime: new Date().toISOString() }))
        .status,
    ).toBe(200);
    expect((await messageRow(messageId)).status).toBe("delivered");
    expect(
      (await rbmPost({ ...base, eventType: "READ", eventId: "e2", sendTime: new Date().toISOString() }))
        .status,
    ).toBe(200);
    // A redelivered DELIVERED after READ is absorbed.
    expect((await rbmPost({ ...base, eventType: "DELIVERED", eventId: "e1" })).status).toBe(200);
    expect((await messageRow(messageId)).status).toBe("read");
  });
});
