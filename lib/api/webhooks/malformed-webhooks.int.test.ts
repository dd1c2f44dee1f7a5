import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProviderStatusEvent } from "@/lib/channels/message-provider";
import { setStatusSink, type StatusSink } from "@/lib/channels/status-sink";
import { updateChannelSettings } from "@/lib/businesses/update-channel-settings";
import { systemCtx } from "@/lib/context";
import { resetEnv } from "@/lib/env";
import { api } from "@/test/api";
import { createTestBusiness, uniq } from "@/test/factories";

// Correctly signed provider webhooks whose envelope is malformed: each is the documented 400
// (Meta and Google do not redeliver a 4xx), never a 500 from a TypeError in the dispatch.
// And the signature is checked over the bytes received: a body that is not UTF-8 is a 400
// once signed, not a 401 from signing the decoded (U+FFFD) text.

const APP_SECRET = "meta-app-secret-malformed";
const CLIENT_TOKEN = "MALFORMEDCLIENTTOKEN";
const BUSINESS_SECRET = "business-app-secret-malformed";
const BUSINESS_TOKEN = "BUSINESSCLIENTTOKEN";

const received: ProviderStatusEvent[][] = [];
let previous: StatusSink | undefined;
let businessId: string;

beforeAll(async () => {
  process.env.WHATSAPP_APP_SECRET = APP_SECRET;
  process.env.RBM_CLIENT_TOKEN = CLIENT_TOKEN;
  resetEnv();
  previous = setStatusSink(async (_source, events) => {
    received.push(events);
  });
  const t = await createTestBusiness();
  businessId = t.business.id;
  const ctx = systemCtx("test");
  await updateChannelSettings(ctx, {
    businessId,
    channel: "chatapp",
    provider: "whatsapp-cloud",
    phoneNumberIds: `pn${uniq()}`,
    accessToken: "EAAG-token",
    appSecret: BUSINESS_SECRET,
    verifyToken: "verify",
  });
  await updateChannelSettings(ctx, {
    businessId,
    channel: "rcs",
    provider: "google-rbm",
    agentId: `agent-${uniq()}`,
    accessToken: "ya29.token",
    clientToken: BUSINESS_TOKEN,
  });
});
afterAll(() => {
  setStatusSink(previous);
});

type Reply = Awaited<ReturnType<typeof api>>;

/** The documented error shape, or what is missing from it. */
function errorShape(r: Reply): string {
  const e = r.json?.error;
  if (!e) return `no error object: ${r.text.slice(0, 120)}`;
  const ok =
    typeof e.code === "string" &&
    typeof e.message === "string" &&
    e.message.length > 0 &&
    typeof e.requestId === "string" &&
    Array.isArray(e.details);
  return ok ? "ok" : `bad error shape: ${r.text.slice(0, 120)}`;
}

const bytesOf = (body: string | Buffer) => (typeof body === "string" ? Buffer.from(body) : body);

function post(path: string, body: Buffer, headers: Record<string, string>) {
  return api(path, {
    method: "POST",
    headers: { "content-type": "application/json", "content-length": String(body.length), ...headers },
    body: new Uint8Array(body),
  });
}

describe("Meta webhooks: a signed, malformed envelope is a 400", () => {
  const metaSign = (body: Buffer, secret: string) =>
    `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
  const routes = () => [
    { path: "/api/webhooks/whatsapp", secret: APP_SECRET },
    { path: `/api/webhooks/whatsapp/${businessId}`, secret: BUSINESS_SECRET },
  ];
  const send = (route: { path: string; secret: string }, body: string | Buffer) => {
    const bytes = bytesOf(body);
    return post(route.path, bytes, { "x-hub-signature-256": metaSign(bytes, route.secret) });
  };

  const change = (c: unknown) =>
    JSON.stringify({ object: "whatsapp_business_account", entry: [{ id: "w", changes: [c] }] });
  const malformed: Record<string, string> = {
    "null root": "null",
    "array root": "[]",
    "string root": '"text"',
    "number root": "7",
    "entry an object": '{"entry":{}}',
    "entry a string": '{"entry":"x"}',
    "entry null": '{"entry":null}',
    "an entry null": '{"entry":[null]}',
    "an entry a number": '{"entry":[1]}',
    "changes an object": '{"entry":[{"id":"w","changes":{}}]}',
    "changes a string": '{"entry":[{"id":"w","changes":"x"}]}',
    "a change null": '{"entry":[{"id":"w","changes":[null]}]}',
    "a change without field": change({ value: {} }),
    "field not a string": change({ field: 7, value: {} }),
    "template status, value null": change({ field: "message_template_status_update", value: null }),
    "template status, value an array": change({ field: "message_template_status_update", value: [] }),
    "category update, value null": change({ field: "template_category_update", value: null }),
    "messages, value null": change({ field: "messages", value: null }),
    "messages, value a string": change({ field: "messages", value: "x" }),
    "unknown field, value null": change({ field: "account_update", value: null }),
    "entry id a number": '{"entry":[{"id":5,"changes":[]}]}',
  };

  for (const [name, body] of Object.entries(malformed)) {
    it(`${name}: 400 with the error shape on both URLs`, async () => {
      for (const route of routes()) {
        const res = await send(route, body);
        expect({ path: route.path, status: res.status, shape: errorShape(res) }).toEqual({
          path: route.path,
          status: 400,
          shape: "ok",
        });
        expect(res.json.error.code).toBe("invalid_request");
        expect(res.json.error.message).toMatch(/envelope/i);
      }
    });
  }

  it("names where the envelope is wrong", async () => {
    const res = await send(
      routes()[0]!,
      '{"entry":[{"id":"w","changes":[{"field":"messages","value":null}]}]}',
    );
    expect(res.json.error.details).toEqual([
      { path: "entry.0.changes.0.value", message: expect.any(String) },
    ]);
  });

  it("still accepts well-formed envelopes, unknown fields and all", async () => {
    for (const route of routes()) {
      for (const body of [
        "{}",
        '{"object":"whatsapp_business_account","entry":[]}',
        '{"entry":[{"id":"w","time":1,"extra":{"a":1}}]}',
        change({ field: "account_update", value: { event: "x" }, extra: [1] }),
        change({ field: "message_template_status_update", value: { event: "APPROVED" } }),
      ]) {
        expect({ body, status: (await send(route, body)).status }).toEqual({ body, status: 200 });
      }
    }
  });

  it("refuses signed invalid UTF-8 with a 400 (it was a 401: the signature was checked over U+FFFD)", async () => {
    // {"entry":[{"id":"\xff","changes":[]}]}: invalid UTF-8 inside a string.
    const body = Buffer.concat([
      Buffer.from('{"entry":[{"id":"'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('","changes":[]}]}'),
    ]);
    for (const route of routes()) {
      const res = await send(route, body);
      expect({ status: res.status, shape: errorShape(res) }).toEqual({ status: 400, shape: "ok" });
      expect(res.json.error.message).toMatch(/UTF-8/);
    }
  });

  it("checks the signature over the bytes: a byte-order mark is signed like any byte", async () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"entry":[]}')]);
    for (const route of routes()) {
      const res = await send(route, body);
      // Verified over the bytes (a decoder drops the mark, so signing the text would fail),
      // then read like every JSON body of the API: the mark is not part of the text.
      expect({ path: route.path, status: res.status }).toEqual({ path: route.path, status: 200 });
    }
  });
});

describe("RBM webhooks: a signed, malformed envelope is a 400", () => {
  const routes = () => [
    { path: "/api/webhooks/rbm", token: CLIENT_TOKEN },
    { path: `/api/webhooks/rbm/${businessId}`, token: BUSINESS_TOKEN },
  ];
  const rbmSign = (data: Buffer, token: string) => createHmac("sha512", token).update(data).digest("base64");
  /** An envelope carrying `data`, signed over it. */
  const sendData = (route: { path: string; token: string }, data: Buffer) => {
    const body = Buffer.from(JSON.stringify({ message: { data: data.toString("base64"), messageId: "p" } }));
    return post(route.path, body, { "x-goog-signature": rbmSign(data, route.token) });
  };
  const sendEnvelope = (route: { path: string; token: string }, body: string) =>
    post(route.path, Buffer.from(body), { "x-goog-signature": rbmSign(Buffer.from(""), route.token) });

  const envelopes: Record<string, string> = {
    "null root": "null",
    "array root": "[null]",
    "string root": '"x"',
    "message null": '{"message":null}',
    "message an array": '{"message":[]}',
    "data a number": '{"message":{"data":5}}',
    "data null": '{"message":{"data":null}}',
    "messageId an object": '{"message":{"data":"","messageId":{}}}',
  };
  for (const [name, body] of Object.entries(envelopes)) {
    it(`${name}: 400 with the error shape on both URLs`, async () => {
      for (const route of routes()) {
        const res = await sendEnvelope(route, body);
        expect({ path: route.path, status: res.status, shape: errorShape(res) }).toEqual({
          path: route.path,
          status: 400,
          shape: "ok",
        });
      }
    });
  }

  const events: Record<string, string> = {
    "data null": "null",
    "data an array": "[null]",
    "data a string": '"x"',
    "event null": '{"event":null,"messageId":"m"}',
    "eventType a number": '{"eventType":5,"messageId":"m"}',
    "messageId an object": '{"eventType":"READ","messageId":{}}',
    "agentId an array": '{"eventType":"READ","messageId":"m","agentId":[]}',
  };
  for (const [name, data] of Object.entries(events)) {
    it(`event ${name}: a 400 or an acknowledgement, never a 500`, async () => {
      for (const route of routes()) {
        const res = await sendData(route, Buffer.from(data));
        expect(res.status, `${route.path}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 400) expect(errorShape(res)).toBe("ok");
      }
    });
  }

  it("refuses signed event data that is not UTF-8 with a 400", async () => {
    const data = Buffer.concat([
      Buffer.from('{"senderPhoneNumber":"+919800000009","messageId":"m-utf8","text":"a'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}'),
    ]);
    for (const route of routes()) {
      const res = await sendData(route, data);
      expect({ status: res.status, shape: errorShape(res) }).toEqual({ status: 400, shape: "ok" });
      expect(res.json.error.message).toMatch(/UTF-8/);
    }
  });

  it("hands over nothing from any of the refused webhooks", () => {
    expect(received).toEqual([]);
  });
});
