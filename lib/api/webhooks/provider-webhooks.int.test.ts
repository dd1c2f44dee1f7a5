import { createHmac } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { businessChannels } from "@/db/schema";
import type { ProviderStatusEvent } from "@/lib/channels/message-provider";
import { setStatusSink, type StatusEventSource, type StatusSink } from "@/lib/channels/status-sink";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { api } from "@/test/api";
import { createTestBusiness, uniq } from "@/test/factories";
import { resetEnv } from "@/lib/env";

const APP_SECRET = "meta-app-secret-for-tests";
const CLIENT_TOKEN = "SJENCPGJESMGUFPY";

const received: { source: StatusEventSource; events: ProviderStatusEvent[] }[] = [];
let previous: StatusSink | undefined;

beforeAll(() => {
  process.env.WHATSAPP_APP_SECRET = APP_SECRET;
  process.env.WHATSAPP_VERIFY_TOKEN = "verify-me";
  process.env.RBM_CLIENT_TOKEN = CLIENT_TOKEN;
  resetEnv();
  previous = setStatusSink(async (source, events) => {
    received.push({ source, events });
  });
});
afterAll(() => {
  setStatusSink(previous);
});
beforeEach(() => {
  received.length = 0;
});

async function setChannel(businessId: string, channel: "chatapp" | "rcs", provider: string, config: object) {
  await db()
    .update(businessChannels)
    .set({ provider, config, enabled: true })
    .where(and(eq(businessChannels.businessId, businessId), eq(businessChannels.channel, channel)));
}

describe("POST /api/webhooks/whatsapp, field messages (statuses)", () => {
  const metaSign = (body: string, secret = APP_SECRET) =>
    `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
  const post = (body: string, signature?: string) =>
    api("/api/webhooks/whatsapp", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(signature ? { "x-hub-signature-256": signature } : {}),
      },
      body,
    });
  const statusesBody = (phoneNumberId: string, statuses: unknown[]) =>
    JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "waba-9",
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: "15550001111", phone_number_id: phoneNumberId },
                statuses,
              },
            },
          ],
        },
      ],
    });

  let businessId: string;
  let phoneNumberId: string;
  beforeAll(async () => {
    const b = await createTestBusiness();
    businessId = b.business.id;
    phoneNumberId = `pn${uniq()}`;
    await setChannel(businessId, "chatapp", "whatsapp-cloud", {
      phoneNumberIds: [phoneNumberId],
      accessToken: "t",
    });
  });

  it("verifies the signature, maps sent/delivered/read/failed and names the sender's business", async () => {
    const body = statusesBody(phoneNumberId, [
      {
        id: "wamid.A",
        status: "sent",
        timestamp: "1700000000",
        recipient_id: "919800000001",
        biz_opaque_callback_data: "m-1",
      },
      { id: "wamid.A", status: "delivered", timestamp: "1700000005", recipient_id: "919800000001" },
      { id: "wamid.A", status: "read", timestamp: 1700000009, recipient_id: "919800000001" },
      {
        id: "wamid.B",
        status: "failed",
        timestamp: "1700000010",
        recipient_id: "919800000002",
        errors: [
          {
            code: 131047,
            title: "Re-engagement message",
            message: "Re-engagement message",
            error_data: { details: "Message failed to send because more than 24 hours have passed" },
          },
        ],
      },
      { id: "wamid.C", status: "deleted", timestamp: "1700000011" },
    ]);
    const res = await post(body, metaSign(body));
    expect(res.status).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]!.source).toEqual({ provider: "whatsapp-cloud", businessId });
    expect(received[0]!.events).toEqual([
      { providerMessageId: "wamid.A", messageId: "m-1", status: "sent", at: new Date(1700000000_000) },
      { providerMessageId: "wamid.A", status: "delivered", at: new Date(1700000005_000) },
      { providerMessageId: "wamid.A", status: "read", at: new Date(1700000009_000) },
      {
        providerMessageId: "wamid.B",
        status: "failed",
        at: new Date(1700000010_000),
        errorCode: "131047",
        reason: "Re-engagement message",
        details: "Message failed to send because more than 24 hours have passed",
      },
    ]);
  });

  it("refuses missing and wrong signatures with 401 and hands nothing over", async () => {
    const body = statusesBody(phoneNumberId, [{ id: "wamid.X", status: "read", timestamp: "1700000000" }]);
    expect((await post(body)).status).toBe(401);
    expect((await post(body, metaSign(body, "another-secret"))).status).toBe(401);
    expect((await post(body, "sha256=zz")).status).toBe(401);
    expect((await post(`${body} `, metaSign(body))).status).toBe(401);
    expect(received).toHaveLength(0);
  });

  it("answers 400 to malformed bodies that are correctly signed", async () => {
    const bad = "{not json";
    expect((await post(bad, metaSign(bad))).status).toBe(400);
    const wrongShape = statusesBody(phoneNumberId, [{ status: "read" }]);
    const res = await post(wrongShape, metaSign(wrongShape));
    expect(res.status).toBe(400);
    expect(res.json.error.details[0].path).toMatch(/^value\.statuses\.0\./);
    const notArray = JSON.stringify({
      entry: [{ id: "w", changes: [{ field: "messages", value: { statuses: "nope" } }] }],
    });
    expect((await post(notArray, metaSign(notArray))).status).toBe(400);
    expect(received).toHaveLength(0);
  });

  it("hands over events of an unknown sender without a business, and still serves template updates", async () => {
    const body = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "waba-9",
          changes: [
            {
              field: "message_template_status_update",
              value: {
                event: "APPROVED",
                message_template_id: 1,
                message_template_name: "x",
                reason: "NONE",
              },
            },
            {
              field: "messages",
              value: {
                metadata: { phone_number_id: "unknown-sender" },
                statuses: [{ id: "wamid.Z", status: "delivered", timestamp: "1700000000" }],
              },
            },
          ],
        },
      ],
    });
    expect((await post(body, metaSign(body))).status).toBe(200);
    expect(received).toEqual([
      {
        source: { provider: "whatsapp-cloud", businessId: undefined },
        events: [{ providerMessageId: "wamid.Z", status: "delivered", at: new Date(1700000000_000) }],
      },
    ]);
  });

  it("answers 500 (so Meta redelivers) when no status sink is registered", async () => {
    const saved = setStatusSink(undefined);
    const body = statusesBody(phoneNumberId, [{ id: "wamid.Q", status: "read", timestamp: "1700000000" }]);
    const res = await post(body, metaSign(body));
    setStatusSink(saved);
    expect(res.status).toBe(500);
  });

  it("echoes hub.challenge only for hub.mode=subscribe and the right verify token", async () => {
    const ok = await api(
      "/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=987",
    );
    expect(ok.status).toBe(200);
    expect(ok.text).toBe("987");
    expect(
      (await api("/api/webhooks/whatsapp?hub.mode=unsubscribe&hub.verify_token=verify-me&hub.challenge=1"))
        .status,
    ).toBe(403);
    expect((await api("/api/webhooks/whatsapp?hub.mode=subscribe&hub.challenge=1")).status).toBe(403);
  });
});

describe("POST /api/webhooks/rbm", () => {
  const rbmSign = (data: Buffer, token = CLIENT_TOKEN) =>
    createHmac("sha512", token).update(data).digest("base64");
  const envelope = (event: unknown) => {
    const data = Buffer.from(JSON.stringify(event));
    return {
      data,
      body: JSON.stringify({
        message: { data: data.toString("base64"), messageId: "1234", publishTime: "2024-01-01T00:00:00Z" },
        subscription: "projects/rbm-acme/subscriptions/rbm-agent-sub",
      }),
    };
  };
  const post = (body: string, signature?: string) =>
    api("/api/webhooks/rbm", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(signature ? { "x-goog-signature": signature } : {}),
      },
      body,
    });

  let businessId: string;
  let agentId: string;
  beforeAll(async () => {
    const b = await createTestBusiness();
    businessId = b.business.id;
    agentId = `acme_${uniq()}_agent`;
    await setChannel(businessId, "rcs", "google-rbm", { agentId, accessToken: "ya29" });
  });

  it("answers the clientToken verification with the secret as plain text", async () => {
    const ok = await post(JSON.stringify({ clientToken: CLIENT_TOKEN, secret: "1234567890" }));
    expect(ok.status).toBe(200);
    expect(ok.text).toBe("1234567890");
    const bad = await post(JSON.stringify({ clientToken: "WRONGTOKEN", secret: "1234567890" }));
    expect(bad.status).toBe(401);
    expect(bad.text).not.toContain("1234567890");
  });

  it("verifies X-Goog-Signature over the decoded data and maps DELIVERED and READ", async () => {
    for (const [eventType, status] of [
      ["DELIVERED", "delivered"],
      ["READ", "read"],
    ] as const) {
      const { data, body } = envelope({
        senderPhoneNumber: "+919800000001",
        eventType,
        eventId: `ev-${uniq()}`,
        messageId: "0190a0a0-0000-7000-8000-0000000000bb",
        sendTime: "2024-05-01T10:00:00.123Z",
        agentId,
      });
      const res = await post(body, rbmSign(data));
      expect(res.status).toBe(200);
      expect(received.at(-1)).toEqual({
        source: { provider: "google-rbm", businessId },
        events: [
          {
            messageId: "0190a0a0-0000-7000-8000-0000000000bb",
            providerMessageId: "0190a0a0-0000-7000-8000-0000000000bb",
            status,
            at: new Date("2024-05-01T10:00:00.123Z"),
          },
        ],
      });
    }
  });

  it("maps an expired-and-revoked message to failed; typing and user messages raise no status", async () => {
    const revoked = envelope({
      eventType: "TTL_EXPIRATION_REVOKED",
      messageId: "m-9",
      agentId,
      phoneNumber: "+91",
    });
    expect((await post(revoked.body, rbmSign(revoked.data))).status).toBe(200);
    expect(received[0]!.events[0]).toMatchObject({ status: "failed", errorCode: "TTL_EXPIRATION_REVOKED" });
    const typing = envelope({ eventType: "IS_TYPING", agentId, senderPhoneNumber: "+91" });
    const userMsg = `user-msg-${uniq()}`;
    const text = envelope({ text: "hello", messageId: userMsg, agentId, senderPhoneNumber: "+919800000001" });
    expect((await post(typing.body, rbmSign(typing.data))).status).toBe(200);
    expect((await post(text.body, rbmSign(text.data))).status).toBe(200);
    expect(received).toHaveLength(1);
    // The user message is stored for the agent's business (docs/callbacks.md, message.received).
    const stored = await rawQuery<{ from: string; text: string }>(
      db(),
      `SELECT "from", text FROM inbound_messages WHERE business_id = $1 AND provider_message_id = $2`,
      [businessId, userMsg],
    );
    expect(stored).toEqual([{ from: "919800000001", text: "hello" }]);
  });

  it("refuses a missing or wrong signature with 401", async () => {
    const { data, body } = envelope({ eventType: "READ", messageId: "m-1", agentId });
    expect((await post(body)).status).toBe(401);
    expect((await post(body, rbmSign(data, "OTHERTOKEN"))).status).toBe(401);
    expect((await post(body, rbmSign(Buffer.from("other")))).status).toBe(401);
    expect(received).toHaveLength(0);
  });

  it("answers 400 to malformed bodies", async () => {
    expect((await post("{nope", "sig")).status).toBe(400);
    expect((await post(JSON.stringify({ message: {} }), "sig")).status).toBe(400);
    expect((await post(JSON.stringify({ message: { data: "!!not base64!!" } }), "sig")).status).toBe(400);
    const notJson = Buffer.from("not json");
    const res = await post(
      JSON.stringify({ message: { data: notJson.toString("base64") } }),
      rbmSign(notJson),
    );
    expect(res.status).toBe(400);
    const arr = Buffer.from("[1,2]");
    expect(
      (await post(JSON.stringify({ message: { data: arr.toString("base64") } }), rbmSign(arr))).status,
    ).toBe(400);
    expect(received).toHaveLength(0);
  });

  it("refuses everything when RBM_CLIENT_TOKEN is not configured", async () => {
    const saved = process.env.RBM_CLIENT_TOKEN;
    delete process.env.RBM_CLIENT_TOKEN;
    resetEnv();
    const res = await post(JSON.stringify({ clientToken: CLIENT_TOKEN, secret: "x" }));
    process.env.RBM_CLIENT_TOKEN = saved;
    resetEnv();
    expect(res.status).toBe(401);
  });
});
