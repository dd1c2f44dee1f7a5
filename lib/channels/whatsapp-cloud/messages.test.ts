import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OutboundMessage } from "../message-provider";
import { startFakeServer, type FakeReply } from "../testing/fake-http";
import { whatsappCloudMessages } from "./messages";
import { resetEnv } from "@/lib/env";

const settings = { provider: "whatsapp-cloud", config: { phoneNumberIds: ["1055"], accessToken: "tok-abc" } };

const message = (over: Partial<OutboundMessage> = {}): OutboundMessage => ({
  messageId: "0190a0a0-0000-7000-8000-000000000001",
  businessId: "b-1",
  channel: "chatapp",
  from: "1055",
  to: "919812345678",
  content: {
    kind: "template",
    name: "order_update",
    language: "en_US",
    components: [
      { type: "header", parameters: [{ type: "image", image: { link: "https://cdn.example/p.png" } }] },
      {
        type: "body",
        parameters: [
          { type: "text", text: "Sunil" },
          { type: "text", text: "1234" },
        ],
      },
      { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: "?Kid_ID=123" }] },
    ],
  },
  ...over,
});

const metaError = (code: number, status = 400, title = "Error", details = "detail"): FakeReply => ({
  status,
  json: {
    error: {
      message: `(#${code}) ${title}`,
      type: "OAuthException",
      code,
      error_data: { messaging_product: "whatsapp", details },
      fbtrace_id: "Az8or2yhqkZfEZ-_4Qn_Bam",
    },
  },
});

describe("whatsapp-cloud messages against a fake Graph API", () => {
  let fake: Awaited<ReturnType<typeof startFakeServer>>;
  let next: FakeReply[] = [];
  let n = 0;

  beforeAll(async () => {
    fake = await startFakeServer(
      () =>
        next.shift() ?? {
          json: {
            messaging_product: "whatsapp",
            contacts: [{ input: "919812345678", wa_id: "919812345678" }],
            messages: [{ id: `wamid.HBgM${++n}`, message_status: "accepted" }],
          },
        },
    );
    process.env.WHATSAPP_GRAPH_URL = `${fake.url}/v21.0`;
    // Generous enough for a loaded 2-core CI machine; the timeout case below waits longer.
    process.env.WHATSAPP_SEND_TIMEOUT_MS = "2000";
    resetEnv();
  });
  afterAll(async () => {
    delete process.env.WHATSAPP_SEND_TIMEOUT_MS;
    resetEnv();
    await fake.close();
  });
  beforeEach(() => {
    next = [];
    fake.requests.length = 0;
  });

  it("posts Meta's template message to /{version}/{phone-number-id}/messages with the Bearer token", async () => {
    const r = await whatsappCloudMessages.send(message(), settings);
    expect(r).toEqual({ ok: true, providerMessageId: expect.stringMatching(/^wamid\./) });
    const req = fake.requests[0]!;
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/v21.0/1055/messages");
    expect(req.headers.authorization).toBe("Bearer tok-abc");
    expect(req.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(req.body)).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "919812345678",
      type: "template",
      biz_opaque_callback_data: "0190a0a0-0000-7000-8000-000000000001",
      template: {
        name: "order_update",
        language: { code: "en_US" },
        components: [
          { type: "header", parameters: [{ type: "image", image: { link: "https://cdn.example/p.png" } }] },
          {
            type: "body",
            parameters: [
              { type: "text", text: "Sunil" },
              { type: "text", text: "1234" },
            ],
          },
          {
            type: "button",
            sub_type: "url",
            index: "0",
            parameters: [{ type: "text", text: "?Kid_ID=123" }],
          },
        ],
      },
    });
  });

  it("sends a conversation's free-form text and document replies as Cloud API text and document messages", async () => {
    await whatsappCloudMessages.send(message({ content: { kind: "text", text: "Ships *today*" } }), settings);
    expect(JSON.parse(fake.requests[0]!.body)).toMatchObject({
      to: "919812345678",
      type: "text",
      text: { preview_url: false, body: "Ships *today*" },
      biz_opaque_callback_data: "0190a0a0-0000-7000-8000-000000000001",
    });
    const doc = {
      kind: "media" as const,
      mediaType: "document" as const,
      link: "https://cdn.example/invoice.pdf",
      caption: "Your invoice",
      fileName: "invoice.pdf",
    };
    await whatsappCloudMessages.send(message({ content: doc }), settings);
    expect(JSON.parse(fake.requests[1]!.body)).toMatchObject({
      type: "document",
      document: { link: "https://cdn.example/invoice.pdf", caption: "Your invoice", filename: "invoice.pdf" },
    });
  });

  it("sends a flow's choices as Meta's interactive reply buttons and list, in Meta's documented shape", async () => {
    await whatsappCloudMessages.send(
      message({
        content: {
          kind: "interactive",
          style: "buttons",
          text: "How can we help?",
          options: [
            { id: "menu:0", title: "Track" },
            { id: "menu:1", title: "Talk to us" },
          ],
        },
      }),
      settings,
    );
    expect(JSON.parse(fake.requests[0]!.body)).toMatchObject({
      messaging_product: "whatsapp",
      to: "919812345678",
      type: "interactive",
      interactive: {
        type: "button",
        body: { text: "How can we help?" },
        action: {
          buttons: [
            { type: "reply", reply: { id: "menu:0", title: "Track" } },
            { type: "reply", reply: { id: "menu:1", title: "Talk to us" } },
          ],
        },
      },
    });
    await whatsappCloudMessages.send(
      message({
        content: {
          kind: "interactive",
          style: "list",
          text: "Pick a slot",
          listButton: "Slots",
          options: [
            { id: "s:0", title: "Mon 10:00", section: "Monday", description: "Store visit" },
            { id: "s:1", title: "Tue 11:00", section: "Tuesday" },
            { id: "s:2", title: "Tue 15:00", section: "Tuesday" },
          ],
        },
      }),
      settings,
    );
    expect(JSON.parse(fake.requests[1]!.body).interactive).toEqual({
      type: "list",
      body: { text: "Pick a slot" },
      action: {
        button: "Slots",
        sections: [
          { title: "Monday", rows: [{ id: "s:0", title: "Mon 10:00", description: "Store visit" }] },
          {
            title: "Tuesday",
            rows: [
              { id: "s:1", title: "Tue 11:00" },
              { id: "s:2", title: "Tue 15:00" },
            ],
          },
        ],
      },
    });
  });

  it("addresses a customer known only by their WhatsApp user id with Meta's recipient, not to", async () => {
    await whatsappCloudMessages.send(
      message({ to: "US.13491208655302741918", content: { kind: "text", text: "Hello" } }),
      settings,
    );
    const body = JSON.parse(fake.requests[0]!.body) as Record<string, unknown>;
    expect(body).toMatchObject({
      recipient_type: "individual",
      recipient: "US.13491208655302741918",
      type: "text",
    });
    expect(body).not.toHaveProperty("to");
  });

  it("sends currency, date_time, document (with filename) and quick-reply payload parameters in Meta's shapes", async () => {
    const components = [
      {
        type: "header",
        parameters: [
          { type: "document", document: { link: "https://cdn.example/inv.pdf", filename: "inv.pdf" } },
        ],
      },
      {
        type: "body",
        parameters: [
          { type: "text", text: "Asha" },
          { type: "currency", currency: { fallback_value: "$100.99", code: "USD", amount_1000: 100990 } },
          { type: "date_time", date_time: { fallback_value: "25 February 2026" } },
        ],
      },
      {
        type: "button",
        sub_type: "quick_reply",
        index: "0",
        parameters: [{ type: "payload", payload: "PAY-1" }],
      },
    ];
    await whatsappCloudMessages.send(
      message({ content: { kind: "template", name: "invoice_due", language: "en_US", components } }),
      settings,
    );
    expect(JSON.parse(fake.requests[0]!.body).template.components).toEqual(components);

    // The spec's media shape with mediaType document and fileName becomes the same document.
    fake.requests.length = 0;
    await whatsappCloudMessages.send(
      message({
        content: {
          kind: "template",
          name: "invoice_due",
          language: "en_US",
          components: [
            {
              componentType: "header",
              parameters: [
                {
                  type: "media",
                  mediaType: "document",
                  mediaLink: "https://cdn.example/inv.pdf",
                  fileName: "inv.pdf",
                },
              ],
            },
          ],
        },
      }),
      settings,
    );
    expect(JSON.parse(fake.requests[0]!.body).template.components).toEqual([components[0]]);
  });

  it("accepts the spec's component shape (componentType, mediaId / mediaLink) and converts it", async () => {
    const spec = message({
      content: {
        kind: "template",
        name: "t",
        language: "en",
        components: [
          {
            componentType: "header",
            parameters: [{ type: "media", mediaType: "image", mediaId: "4490709327" }],
          },
          { componentType: "body", parameters: [{ type: "text", text: "x" }] },
          { componentType: "button", parameters: [{ type: "text", text: "a" }] },
          { componentType: "button", index: "2", sub_type: "url", parameters: [{ type: "text", text: "b" }] },
        ],
      },
    });
    await whatsappCloudMessages.send(spec, settings);
    const sent = JSON.parse(fake.requests[0]!.body).template.components;
    expect(sent).toEqual([
      { type: "header", parameters: [{ type: "image", image: { id: "4490709327" } }] },
      { type: "body", parameters: [{ type: "text", text: "x" }] },
      { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: "a" }] },
      { type: "button", sub_type: "url", index: "2", parameters: [{ type: "text", text: "b" }] },
    ]);
    const bulk = message({
      content: {
        kind: "template",
        name: "t",
        language: "en",
        components: [
          { componentType: "header", parameters: [{ type: "media", mediaLink: "https://x.test/a.jpg" }] },
        ],
      },
    });
    await whatsappCloudMessages.send(bulk, settings);
    expect(JSON.parse(fake.requests[1]!.body).template.components[0].parameters[0]).toEqual({
      type: "image",
      image: { link: "https://x.test/a.jpg" },
    });
  });

  it("posts a carousel template as Meta documents it: top body, then cards with card_index", async () => {
    const card = (i: number) => ({
      card_index: i,
      components: [
        { type: "header", parameters: [{ type: "image", image: { link: `https://cdn.example/${i}.png` } }] },
        { type: "body", parameters: [{ type: "text", text: `$${i}9` }] },
        {
          type: "button",
          sub_type: "quick_reply",
          index: "0",
          parameters: [{ type: "payload", payload: `more-${i}` }],
        },
        { type: "button", sub_type: "url", index: "1", parameters: [{ type: "text", text: `item-${i}` }] },
      ],
    });
    const components = [
      { type: "body", parameters: [{ type: "text", text: "Asha" }] },
      { type: "carousel", cards: [card(0), card(1)] },
    ];
    const r = await whatsappCloudMessages.send(
      message({ content: { kind: "template", name: "picks", language: "en_US", components } }),
      settings,
    );
    expect(r.ok).toBe(true);
    expect(JSON.parse(fake.requests[0]!.body).template).toEqual({
      name: "picks",
      language: { code: "en_US" },
      components,
    });
  });

  it.each([
    [130429, "Rate limit hit"],
    [131056, "Pair rate limit hit"],
    [80007, "Rate limit issues"],
  ])("maps Meta error %i to throttled, not failed", async (code, title) => {
    next = [metaError(code, 400, title)];
    const r = await whatsappCloudMessages.send(message(), settings);
    expect(r).toMatchObject({ ok: false, throttled: true, errorCode: String(code) });
  });

  it("maps HTTP 429 with Retry-After to throttled with the delay", async () => {
    next = [{ ...metaError(130429, 429), headers: { "retry-after": "7" } }];
    expect(await whatsappCloudMessages.send(message(), settings)).toMatchObject({
      ok: false,
      throttled: true,
      retryAfterMs: 7000,
    });
  });

  it("maps 5xx, timeouts and connection failures to retryable", async () => {
    next = [{ status: 503, json: { error: { message: "Service temporarily unavailable", code: 2 } } }];
    expect(await whatsappCloudMessages.send(message(), settings)).toMatchObject({
      ok: false,
      retryable: true,
      errorCode: "2",
    });
    next = [{ status: 502, json: undefined }];
    expect(await whatsappCloudMessages.send(message(), settings)).toMatchObject({
      ok: false,
      retryable: true,
      errorCode: "502",
    });
    next = [{ delayMs: 3000, json: {} }];
    expect(await whatsappCloudMessages.send(message(), settings)).toMatchObject({
      ok: false,
      retryable: true,
      errorCode: "timeout",
    });
    const saved = process.env.WHATSAPP_GRAPH_URL;
    process.env.WHATSAPP_GRAPH_URL = "http://127.0.0.1:1";
    resetEnv();
    expect(await whatsappCloudMessages.send(message(), settings)).toMatchObject({
      ok: false,
      retryable: true,
      errorCode: "network",
    });
    process.env.WHATSAPP_GRAPH_URL = saved;
    resetEnv();
  });

  it("maps other errors to a failure with Meta's code, title and details", async () => {
    next = [
      {
        status: 400,
        json: {
          error: {
            message: "(#132001) Template name does not exist in the translation",
            code: 132001,
            error_user_title: "Template does not exist",
            error_data: {
              messaging_product: "whatsapp",
              details: "template name (x) does not exist in en_US",
            },
          },
        },
      },
    ];
    const r = await whatsappCloudMessages.send(message(), settings);
    expect(r).toEqual({
      ok: false,
      errorCode: "132001",
      reason: "Template does not exist",
      details: "template name (x) does not exist in en_US",
      retryAfterMs: undefined,
    });
    expect(r.ok === false && (r.throttled || r.retryable)).toBeFalsy();
  });

  it("fails without a request when no access token is configured", async () => {
    const saved = process.env.WHATSAPP_ACCESS_TOKEN;
    delete process.env.WHATSAPP_ACCESS_TOKEN;
    resetEnv();
    const r = await whatsappCloudMessages.send(message(), { provider: "whatsapp-cloud", config: {} });
    if (saved !== undefined) process.env.WHATSAPP_ACCESS_TOKEN = saved;
    resetEnv();
    expect(r).toMatchObject({ ok: false, errorCode: "config" });
    expect(fake.requests).toHaveLength(0);
  });

  it("sendMany sends every message (in parallel) and keeps the results in order", async () => {
    const many = Array.from({ length: 40 }, (_, i) => message({ messageId: `m-${i}`, to: `9198000000${i}` }));
    const results = await whatsappCloudMessages.sendMany!(many, settings);
    expect(results).toHaveLength(40);
    expect(results.every((r) => r.ok)).toBe(true);
    const byTo = new Map(fake.requests.map((r) => [JSON.parse(r.body).to, JSON.parse(r.body)]));
    expect(byTo.size).toBe(40);
    many.forEach((m) => expect(byTo.get(m.to).biz_opaque_callback_data).toBe(m.messageId));
  });
});
