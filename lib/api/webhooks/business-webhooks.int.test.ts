import { createHmac } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessChannels, messages, templates } from "@/db/schema";
import { updateChannelSettings } from "@/lib/businesses/update-channel-settings";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { uuidv7 } from "@/lib/ids";
import { rawQuery } from "@/lib/db/sql";
import { api } from "@/test/api";
import { startReceiver } from "@/test/callback-receiver";
import { createTestBusiness, uniq, type TestBusiness } from "@/test/factories";
import { captureLog } from "@/test/log-capture";
import { approvedTemplate, drainAll } from "@/test/messages";
import { resetEnv } from "@/lib/env";

// Per-business provider webhooks (/api/webhooks/whatsapp/{id}, /api/webhooks/rbm/{id}): each
// verified with the business's own sealed secret, every event scoped to that business, and
// customer messages stored once with one message.received callback.

const ctx = systemCtx("test");

type Reply = Awaited<ReturnType<typeof api>>;
/** A refusal as the caller sees it, without the request id. */
const refusal = (r: Reply) => ({ status: r.status, ...r.json?.error, requestId: undefined });

/** A message of `b` as the dispatcher leaves it after the provider accepted it. */
async function sentMessage(b: TestBusiness, channel: "chatapp" | "rcs", provider: string, ref?: string) {
  const id = uuidv7();
  await db()
    .insert(messages)
    .values({
      id,
      businessId: b.business.id,
      transactionId: uuidv7(),
      channel,
      sender: "s",
      recipient: "919811100001",
      msgType: channel === "chatapp" ? "template" : "rcs_text",
      content: {},
      messageRef: `ref-${uniq()}`,
      status: "sent",
      provider,
      providerMessageId: ref ?? id,
    });
  return { id, ref: ref ?? id };
}
const statusOf = async (id: string) =>
  (await rawQuery<{ status: string }>(db(), `SELECT status FROM messages WHERE id = $1`, [id]))[0]!.status;
const inboundRows = (businessId: string) =>
  rawQuery<{ id: string; from: string; to: string; type: string; text: string | null; payload: any }>(
    db(),
    `SELECT id, "from", "to", type, text, payload FROM inbound_messages WHERE business_id = $1 ORDER BY id`,
    [businessId],
  );
const receivedDeliveries = (businessId: string) =>
  rawQuery<{ endpoint_id: string; payload: any }>(
    db(),
    `SELECT endpoint_id, payload FROM callback_deliveries WHERE business_id = $1 AND event_type = 'message.received'`,
    [businessId],
  );
async function registerEndpoint(b: TestBusiness, url: string, events: string[]) {
  const res = await api(`/api/v3/callbacks/${b.business.id}/endpoints`, {
    headers: { "x-api-key": b.apiKey },
    json: { url, events },
  });
  expect(res.status).toBe(201);
  return res.json.endpoint.id as string;
}

let rx: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  rx = await startReceiver();
  // The process-wide paths must not be what verifies the per-business ones.
  process.env.WHATSAPP_APP_SECRET = "process-wide-app-secret";
  process.env.WHATSAPP_VERIFY_TOKEN = "process-wide-verify";
  process.env.RBM_CLIENT_TOKEN = "PROCESSWIDECLIENTTOKEN";
  resetEnv();
});
afterAll(async () => {
  await rx.close();
});

describe("POST|GET /api/webhooks/whatsapp/{business_id}", () => {
  const sign = (body: string, secret: string) =>
    `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
  const post = (businessId: string, body: string, signature?: string) =>
    api(`/api/webhooks/whatsapp/${businessId}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(signature ? { "x-hub-signature-256": signature } : {}),
      },
      body,
    });
  const change = (phoneNumberId: string, value: Record<string, unknown>, field = "messages") =>
    JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "waba",
          changes: [
            {
              field,
              value: {
                messaging_product: "whatsapp",
                metadata: { phone_number_id: phoneNumberId },
                ...value,
              },
            },
          ],
        },
      ],
    });

  let a: TestBusiness;
  let b: TestBusiness;
  let bare: TestBusiness;
  const pnA = `pnA${uniq()}`;
  const pnB = `pnB${uniq()}`;
  const secretA = `app-secret-A-${uniq()}`;
  const secretB = `app-secret-B-${uniq()}`;
  beforeAll(async () => {
    [a, b, bare] = await Promise.all([createTestBusiness(), createTestBusiness(), createTestBusiness()]);
    for (const [t, pn, secret, token] of [
      [a, pnA, secretA, "verify-A"],
      [b, pnB, secretB, "verify-B"],
    ] as const) {
      await updateChannelSettings(ctx, {
        businessId: t.business.id,
        channel: "chatapp",
        provider: "whatsapp-cloud",
        phoneNumberIds: pn,
        accessToken: "EAAG-token",
        appSecret: secret,
        verifyToken: token,
      });
    }
  });

  it("answers hub.challenge with the business's own verify token only", async () => {
    const hub = (id: string, token: string) =>
      api(`/api/webhooks/whatsapp/${id}?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=4711`);
    const ok = await hub(a.business.id, "verify-A");
    expect([ok.status, ok.text]).toEqual([200, "4711"]);
    expect((await hub(a.business.id, "verify-B")).status).toBe(403);
    expect((await hub(a.business.id, "process-wide-verify")).status).toBe(403);
    // Wrong token, no token configured, unknown business, not an id: one and the same answer;
    // only the log says which it was.
    const cap = captureLog();
    try {
      const wrong = refusal(await hub(a.business.id, "verify-B"));
      expect(wrong).toMatchObject({ status: 403, code: "forbidden", message: "Verification token mismatch" });
      expect(refusal(await hub(bare.business.id, "anything"))).toEqual(wrong);
      expect(refusal(await hub(uuidv7(), "verify-A"))).toEqual(wrong);
      expect(refusal(await hub("not-a-uuid", "verify-A"))).toEqual(wrong);
      const reasons = cap.entries().map((e) => e.reason);
      expect(reasons).toEqual(["not_configured", "unknown_business", "unknown_business"]);
    } finally {
      cap.stop();
    }
  });

  it("verifies with the business's app secret: another business's or the process-wide secret is 401", async () => {
    const body = change(pnA, { statuses: [] });
    expect((await post(a.business.id, body, sign(body, secretA))).status).toBe(200);
    for (const wrong of [secretB, "process-wide-app-secret"]) {
      const res = await post(a.business.id, body, sign(body, wrong));
      expect(res.status).toBe(401);
      expect(res.json.error.message).toBe("Invalid X-Hub-Signature-256");
    }
    expect((await post(a.business.id, body)).status).toBe(401);
    const cap = captureLog();
    try {
      const wrong = refusal(await post(a.business.id, body, sign(body, secretB)));
      expect(refusal(await post(bare.business.id, body, sign(body, secretA)))).toEqual(wrong);
      expect(refusal(await post(uuidv7(), body, sign(body, secretA)))).toEqual(wrong);
      expect(refusal(await post("nope", body, sign(body, secretA)))).toEqual(wrong);
      expect(cap.entries().map((e) => [e.msg, e.reason])).toEqual([
        ["provider webhook refused", "not_configured"],
        ["provider webhook refused", "unknown_business"],
        ["provider webhook refused", "unknown_business"],
      ]);
    } finally {
      cap.stop();
    }
  });

  it("applies statuses of its own messages and ignores another business's, even when named", async () => {
    const { id: mine, ref: wamidA } = await sentMessage(a, "chatapp", "whatsapp-cloud", `wamid.A${uniq()}`);
    const { id: theirs, ref: wamidB } = await sentMessage(b, "chatapp", "whatsapp-cloud", `wamid.B${uniq()}`);
    const { id: theirsById } = await sentMessage(b, "chatapp", "whatsapp-cloud", `wamid.B2${uniq()}`);
    // Signed by A's app, on A's URL, naming B's sender: still only A's messages are looked at.
    const body = change(pnB, {
      statuses: [
        { id: wamidA, status: "delivered", timestamp: "1700000000" },
        { id: wamidB, status: "read", timestamp: "1700000001" },
        { id: "wamid.x", status: "read", timestamp: "1700000001", biz_opaque_callback_data: theirsById },
      ],
    });
    expect((await post(a.business.id, body, sign(body, secretA))).status).toBe(200);
    expect(await statusOf(mine)).toBe("delivered");
    expect(await statusOf(theirs)).toBe("sent");
    expect(await statusOf(theirsById)).toBe("sent");

    // The same status on B's URL, signed by B's app, applies.
    const own = change(pnB, { statuses: [{ id: wamidB, status: "read", timestamp: "1700000002" }] });
    expect((await post(b.business.id, own, sign(own, secretB))).status).toBe(200);
    expect(await statusOf(theirs)).toBe("read");
  });

  it("applies template status updates to its own templates only", async () => {
    const ref = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const tplB = await approvedTemplate(b.business.id, { status: "PENDING" });
    await db()
      .update(templates)
      .set({ provider: "whatsapp-cloud", providerRef: ref })
      .where(eq(templates.id, tplB.id));
    const update = JSON.stringify({
      entry: [
        {
          id: "waba",
          changes: [
            {
              field: "message_template_status_update",
              value: { event: "APPROVED", message_template_id: ref },
            },
          ],
        },
      ],
    });
    expect((await post(a.business.id, update, sign(update, secretA))).status).toBe(200);
    const statusB = async () =>
      (await db().select({ s: templates.status }).from(templates).where(eq(templates.id, tplB.id)))[0]!.s;
    expect(await statusB()).toBe("PENDING");
    expect((await post(b.business.id, update, sign(update, secretB))).status).toBe(200);
    expect(await statusB()).toBe("APPROVED");
  });

  it("stores a customer message once on redelivery and raises one message.received callback", async () => {
    const subscribed = await registerEndpoint(a, rx.url, ["message.received"]);
    await registerEndpoint(a, rx.url, []); // "every event": not customer messages (opt-in)
    const { id: outbound, ref: outboundWamid } = await sentMessage(
      a,
      "chatapp",
      "whatsapp-cloud",
      `wamid.OUT${uniq()}`,
    );
    const wamid = `wamid.IN${uniq()}`;
    const body = change(pnA, {
      contacts: [{ profile: { name: "Asha" }, wa_id: "919812345678" }],
      messages: [
        {
          from: "919812345678",
          id: wamid,
          timestamp: "1700000100",
          type: "button",
          button: { payload: "STOP_PROMOS", text: "Stop promotions" },
          context: { from: pnA, id: outboundWamid },
        },
      ],
    });
    expect((await post(a.business.id, body, sign(body, secretA))).status).toBe(200);
    expect((await post(a.business.id, body, sign(body, secretA))).status).toBe(200);

    const rows = await inboundRows(a.business.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ from: "919812345678", to: pnA, type: "button", text: "Stop promotions" });
    const deliveries = await receivedDeliveries(a.business.id);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.endpoint_id).toBe(subscribed);
    expect(deliveries[0]!.payload).toMatchObject({
      messageId: rows[0]!.id,
      providerMessageId: wamid,
      channel: "chatapp",
      subscriberId: "919812345678",
      to: pnA,
      profileName: "Asha",
      type: "button",
      text: "Stop promotions",
      buttonPayload: "STOP_PROMOS",
      replyToMessageId: outbound,
      media: null,
      receivedAt: 1700000100,
    });
    expect(await inboundRows(b.business.id)).toHaveLength(0);

    await drainAll();
    const got = rx.received.filter((r) => r.headers["x-switchboard-event"] === "message.received");
    expect(got).toHaveLength(1);
    expect(JSON.parse(got[0]!.body)).toMatchObject({ messageId: rows[0]!.id, text: "Stop promotions" });
  });

  it("keeps the process-wide path: customer messages find their business by phone_number_id", async () => {
    const body = change(pnB, {
      messages: [
        {
          from: "919800000009",
          id: `wamid.PW${uniq()}`,
          timestamp: "1700000200",
          type: "text",
          text: { body: "hi" },
        },
      ],
    });
    const res = await api("/api/webhooks/whatsapp", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-hub-signature-256": sign(body, "process-wide-app-secret"),
      },
      body,
    });
    expect(res.status).toBe(200);
    expect(await inboundRows(b.business.id)).toMatchObject([
      { from: "919800000009", type: "text", text: "hi" },
    ]);
  });

  it("skips a customer message without an id or sender (logged with why), answering 200 so Meta does not hold the rest", async () => {
    const before = (await inboundRows(a.business.id)).length;
    const body = change(pnA, { messages: [{ type: "text" }] });
    const cap = captureLog();
    try {
      const res = await post(a.business.id, body, sign(body, secretA));
      expect(res.status).toBe(200);
      expect(cap.entries().map((e) => [e.msg, e.index, e.reason])).toEqual([
        [
          "an inbound message without what identifies it skipped",
          0,
          "id: Invalid input: expected string, received undefined",
        ],
      ]);
    } finally {
      cap.stop();
    }
    expect((await inboundRows(a.business.id)).length).toBe(before);
  });
});

describe("POST /api/webhooks/rbm/{business_id}", () => {
  const rbmSign = (data: Buffer, token: string) => createHmac("sha512", token).update(data).digest("base64");
  const envelope = (event: unknown) => {
    const data = Buffer.from(JSON.stringify(event));
    return { data, body: JSON.stringify({ message: { data: data.toString("base64"), messageId: "1" } }) };
  };
  const post = (businessId: string, body: string, signature?: string) =>
    api(`/api/webhooks/rbm/${businessId}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(signature ? { "x-goog-signature": signature } : {}),
      },
      body,
    });

  let a: TestBusiness;
  let b: TestBusiness;
  let bare: TestBusiness;
  const tokenA = `TOKENA${uniq()}`;
  const tokenB = `TOKENB${uniq()}`;
  const agentA = `agent_a_${uniq()}`;
  beforeAll(async () => {
    [a, b, bare] = await Promise.all([createTestBusiness(), createTestBusiness(), createTestBusiness()]);
    for (const [t, token, agent] of [
      [a, tokenA, agentA],
      [b, tokenB, `agent_b_${uniq()}`],
    ] as const) {
      await updateChannelSettings(ctx, {
        businessId: t.business.id,
        channel: "rcs",
        provider: "google-rbm",
        agentId: agent,
        accessToken: "ya29.token",
        clientToken: token,
      });
    }
  });

  it("answers the verification with the business's clientToken only", async () => {
    const ok = await post(a.business.id, JSON.stringify({ clientToken: tokenA, secret: "s3cr3t" }));
    expect([ok.status, ok.text]).toEqual([200, "s3cr3t"]);
    expect((await post(a.business.id, JSON.stringify({ clientToken: tokenB, secret: "x" }))).status).toBe(
      401,
    );
    const verify = JSON.stringify({ clientToken: tokenA, secret: "x" });
    const wrong = refusal(await post(b.business.id, verify));
    expect(wrong).toMatchObject({ status: 401, code: "unauthorized" });
    expect(refusal(await post(bare.business.id, verify))).toEqual(wrong);
    expect(refusal(await post(uuidv7(), verify))).toEqual(wrong);
  });

  it("verifies X-Goog-Signature with the business's token and ignores another business's messages", async () => {
    const { id: mine } = await sentMessage(a, "rcs", "google-rbm");
    const { id: theirs } = await sentMessage(b, "rcs", "google-rbm");
    for (const id of [mine, theirs]) {
      const { data, body } = envelope({
        eventType: "DELIVERED",
        messageId: id,
        agentId: agentA,
        sendTime: "2024-05-01T10:00:00Z",
      });
      expect((await post(a.business.id, body, rbmSign(data, tokenB))).status).toBe(401);
      expect((await post(a.business.id, body, rbmSign(data, "PROCESSWIDECLIENTTOKEN"))).status).toBe(401);
      expect((await post(a.business.id, body, rbmSign(data, tokenA))).status).toBe(200);
    }
    // A business without a token, or no business at all, is refused like a wrong signature.
    const { data, body } = envelope({ eventType: "READ", messageId: mine, agentId: agentA });
    const wrong = refusal(await post(a.business.id, body, rbmSign(data, tokenB)));
    expect(wrong).toMatchObject({ status: 401, message: "Invalid X-Goog-Signature" });
    expect(refusal(await post(bare.business.id, body, rbmSign(data, tokenA)))).toEqual(wrong);
    expect(refusal(await post(uuidv7(), body, rbmSign(data, tokenA)))).toEqual(wrong);
    expect(await statusOf(mine)).toBe("delivered");
    expect(await statusOf(theirs)).toBe("sent");
  });

  it("stores a user message once on redelivery, with one message.received callback", async () => {
    const endpoint = await registerEndpoint(a, rx.url, ["message.received", "message.status"]);
    const event = {
      agentId: agentA,
      senderPhoneNumber: "+919876500001",
      messageId: `rbm-user-${uniq()}`,
      sendTime: "2024-05-01T10:00:05Z",
      suggestionResponse: { postbackData: "yes_please", text: "Yes", type: "REPLY" },
    };
    const { data, body } = envelope(event);
    expect((await post(a.business.id, body, rbmSign(data, tokenA))).status).toBe(200);
    expect((await post(a.business.id, body, rbmSign(data, tokenA))).status).toBe(200);
    const rows = await inboundRows(a.business.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ from: "919876500001", to: agentA, type: "button", text: "Yes" });
    const deliveries = await receivedDeliveries(a.business.id);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.endpoint_id).toBe(endpoint);
    expect(deliveries[0]!.payload).toMatchObject({
      channel: "rcs",
      subscriberId: "919876500001",
      buttonPayload: "yes_please",
      receivedAt: Math.floor(Date.parse("2024-05-01T10:00:05Z") / 1000),
    });
    expect(await inboundRows(b.business.id)).toHaveLength(0);
  });
});

describe("legacy plaintext webhook secrets", () => {
  it("still verify the per-business path", async () => {
    const t = await createTestBusiness();
    await db()
      .update(businessChannels)
      .set({
        provider: "whatsapp-cloud",
        config: { phoneNumberIds: [`pn${uniq()}`], appSecret: "plain-secret" },
      })
      .where(and(eq(businessChannels.businessId, t.business.id), eq(businessChannels.channel, "chatapp")));
    const body = JSON.stringify({ entry: [] });
    const res = await api(`/api/webhooks/whatsapp/${t.business.id}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-hub-signature-256": `sha256=${createHmac("sha256", "plain-secret").update(body).digest("hex")}`,
      },
      body,
    });
    expect(res.status).toBe(200);
  });
});
