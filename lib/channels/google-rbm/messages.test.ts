import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { OutboundMessage } from "../message-provider";
import { startFakeServer, type FakeReply } from "../testing/fake-http";
import { googleRbmCapability, googleRbmMessages } from "./messages";
import { resetEnv } from "@/lib/env";

const settings = { provider: "google-rbm", config: { agentId: "acme_agent", accessToken: "ya29.test" } };

const text = (over: Partial<OutboundMessage> = {}): OutboundMessage => ({
  messageId: "0190a0a0-0000-7000-8000-00000000000a",
  businessId: "b-1",
  channel: "rcs",
  from: "acme_agent",
  to: "919812345678",
  content: { kind: "rcs_text", text: "Your order has shipped" },
  ...over,
});

const googleError = (code: number, status: string, message: string): FakeReply => ({
  status: code,
  json: { error: { code, message, status } },
});

describe("google-rbm against a fake RBM API", () => {
  let fake: Awaited<ReturnType<typeof startFakeServer>>;
  let next: FakeReply[] = [];

  beforeAll(async () => {
    fake = await startFakeServer((req) => {
      const queued = next.shift();
      if (queued) return queued;
      if (req.path.includes("/capabilities"))
        return { json: { features: ["RICHCARD_STANDALONE", "ACTION_OPEN_URL"] } };
      const m = /\/v1\/(phones\/[^/]+\/agentMessages)\?messageId=([^&]+)/.exec(req.path);
      return { json: { name: `${decodeURIComponent(m![1]!)}/${m![2]}`, sendTime: new Date().toISOString() } };
    });
    process.env.RBM_API_URL = fake.url;
    process.env.RBM_TIMEOUT_MS = "300";
    resetEnv();
  });
  afterAll(async () => {
    delete process.env.RBM_TIMEOUT_MS;
    resetEnv();
    await fake.close();
  });
  beforeEach(() => {
    next = [];
    fake.requests.length = 0;
  });

  it("posts a text agent message to /v1/phones/{E.164}/agentMessages with our messageId", async () => {
    const r = await googleRbmMessages.send(text(), settings);
    expect(r).toEqual({ ok: true, providerMessageId: "0190a0a0-0000-7000-8000-00000000000a" });
    const req = fake.requests[0]!;
    expect(req.method).toBe("POST");
    const url = new URL(req.path, fake.url);
    expect(url.pathname).toBe("/v1/phones/%2B919812345678/agentMessages");
    expect(decodeURIComponent(url.pathname)).toBe("/v1/phones/+919812345678/agentMessages");
    expect(url.searchParams.get("messageId")).toBe("0190a0a0-0000-7000-8000-00000000000a");
    expect(url.searchParams.get("agentId")).toBe("acme_agent");
    expect(req.headers.authorization).toBe("Bearer ya29.test");
    expect(JSON.parse(req.body)).toEqual({ contentMessage: { text: "Your order has shipped" } });
  });

  it("sends a flow's choices as RBM suggested replies whose postbackData is the choice's id", async () => {
    await googleRbmMessages.send(
      text({
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
    expect(JSON.parse(fake.requests[0]!.body)).toEqual({
      contentMessage: {
        text: "How can we help?",
        suggestions: [
          { reply: { text: "Track", postbackData: "menu:0" } },
          { reply: { text: "Talk to us", postbackData: "menu:1" } },
        ],
      },
    });
  });

  it("sends a standalone rich card in RBM's shape, dropping the spec-only fields", async () => {
    const richCard = {
      standaloneCard: {
        cardOrientation: "VERTICAL",
        thumbnailImageAlignment: "RIGHT",
        cardContent: {
          title: "Summer sale",
          description: "50% off",
          media: {
            height: "MEDIUM",
            fileName: "sale.png",
            contentInfo: { fileUrl: "https://cdn.example/sale.png", forceRefresh: "false" },
          },
          suggestions: [
            {
              action: { text: "Shop", postbackData: "shop", openUrlAction: { url: "https://shop.example" } },
            },
          ],
        },
      },
    };
    await googleRbmMessages.send(text({ content: { kind: "rcs_richcard", richCard } }), settings);
    const body = JSON.parse(fake.requests[0]!.body);
    expect(body).toEqual({
      contentMessage: {
        richCard: {
          standaloneCard: {
            cardOrientation: "VERTICAL",
            thumbnailImageAlignment: "RIGHT",
            cardContent: {
              title: "Summer sale",
              description: "50% off",
              media: {
                height: "MEDIUM",
                contentInfo: { fileUrl: "https://cdn.example/sale.png", forceRefresh: false },
              },
              suggestions: [
                {
                  action: {
                    text: "Shop",
                    postbackData: "shop",
                    openUrlAction: { url: "https://shop.example" },
                  },
                },
              ],
            },
          },
        },
      },
    });
    // The caller's object is not modified.
    expect(richCard.standaloneCard.cardContent.media.fileName).toBe("sale.png");
    // Wrapped once more ({ richCard: { standaloneCard } }) is accepted too.
    await googleRbmMessages.send(
      text({ content: { kind: "rcs_richcard", richCard: { richCard } } }),
      settings,
    );
    expect(JSON.parse(fake.requests[1]!.body)).toEqual(body);
  });

  it("refuses content it cannot send without calling RBM", async () => {
    const r = await googleRbmMessages.send(
      text({ content: { kind: "template", name: "t", language: "en", components: [] } }),
      settings,
    );
    expect(r).toMatchObject({ ok: false, errorCode: "unsupported" });
    const bad = await googleRbmMessages.send(
      text({ content: { kind: "rcs_richcard", richCard: { x: 1 } } }),
      settings,
    );
    expect(bad).toMatchObject({ ok: false, errorCode: "unsupported" });
    expect(fake.requests).toHaveLength(0);
  });

  it("maps 404 to a failed, non-retryable 'not RCS-capable'", async () => {
    next = [googleError(404, "NOT_FOUND", "Requested entity was not found.")];
    const r = await googleRbmMessages.send(text(), settings);
    expect(r).toEqual({
      ok: false,
      errorCode: "NOT_FOUND",
      reason: "Recipient is not RCS-capable",
      details: "Requested entity was not found.",
      retryAfterMs: undefined,
    });
  });

  it("maps 429 to throttled and 5xx / timeouts to retryable", async () => {
    next = [{ ...googleError(429, "RESOURCE_EXHAUSTED", "Quota exceeded"), headers: { "retry-after": "2" } }];
    expect(await googleRbmMessages.send(text(), settings)).toMatchObject({
      ok: false,
      throttled: true,
      errorCode: "RESOURCE_EXHAUSTED",
      retryAfterMs: 2000,
    });
    next = [googleError(503, "UNAVAILABLE", "The service is currently unavailable.")];
    expect(await googleRbmMessages.send(text(), settings)).toMatchObject({
      ok: false,
      retryable: true,
      errorCode: "UNAVAILABLE",
    });
    next = [{ delayMs: 1000, json: {} }];
    expect(await googleRbmMessages.send(text(), settings)).toMatchObject({
      ok: false,
      retryable: true,
      errorCode: "timeout",
    });
  });

  it("maps other 4xx to failed with Google's status and message", async () => {
    next = [googleError(400, "INVALID_ARGUMENT", 'Invalid JSON payload received. Unknown name "x"')];
    const r = await googleRbmMessages.send(text(), settings);
    expect(r).toMatchObject({
      ok: false,
      errorCode: "INVALID_ARGUMENT",
      reason: expect.stringContaining("Unknown"),
    });
    expect(r.ok === false && (r.throttled || r.retryable)).toBeFalsy();
  });

  it("checks capability with GET /v1/phones/{E.164}/capabilities: 200 capable, 404 not", async () => {
    expect(await googleRbmCapability.isRcsCapable("919812345678", settings)).toBe(true);
    const url = new URL(fake.requests[0]!.path, fake.url);
    expect(fake.requests[0]!.method).toBe("GET");
    expect(decodeURIComponent(url.pathname)).toBe("/v1/phones/+919812345678/capabilities");
    expect(url.searchParams.get("agentId")).toBe("acme_agent");
    expect(url.searchParams.get("requestId")).toMatch(/^[0-9a-f-]{36}$/);
    expect(fake.requests[0]!.headers.authorization).toBe("Bearer ya29.test");

    next = [googleError(404, "NOT_FOUND", "Requested entity was not found.")];
    expect(await googleRbmCapability.isRcsCapable("919812345679", settings)).toBe(false);

    next = [googleError(500, "INTERNAL", "boom")];
    await expect(googleRbmCapability.isRcsCapable("919812345679", settings)).rejects.toMatchObject({
      code: "unavailable",
    });
  });

  it("checks many numbers with POST /v1/users:batchGet, 1,000 per request", async () => {
    const phones = Array.from({ length: 1500 }, (_, i) => `9198${String(i).padStart(8, "0")}`);
    // Every other number is reachable; RBM answers in E.164 with the '+'.
    const reachable = (chunk: string[]): FakeReply => ({
      json: { reachableUsers: chunk.filter((_, i) => i % 2 === 0).map((p) => `+${p}`) },
    });
    next = [reachable(phones.slice(0, 1000)), reachable(phones.slice(1000))];
    const capable = await googleRbmCapability.capableAmong!(phones, settings);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /v1/users:batchGet",
      "POST /v1/users:batchGet",
    ]);
    const first = JSON.parse(fake.requests[0]!.body) as { users: string[]; agentId: string };
    expect(first.agentId).toBe("acme_agent");
    expect(first.users).toHaveLength(1000);
    expect(first.users[0]).toBe(`+${phones[0]}`);
    expect(fake.requests[0]!.headers.authorization).toBe("Bearer ya29.test");
    expect(capable).toHaveLength(750);
    expect(capable[0]).toBe(phones[0]);
    expect(capable).not.toContain(phones[1]);

    next = [googleError(503, "UNAVAILABLE", "try later")];
    await expect(googleRbmCapability.capableAmong!(phones.slice(0, 2), settings)).rejects.toMatchObject({
      code: "unavailable",
    });
  });
});
