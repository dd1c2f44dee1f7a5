import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessChannels } from "@/db/schema";
import { startFakeServer } from "@/lib/channels/testing/fake-http";
import { db } from "@/lib/db/pool";
import type { OutboundMessage } from "@/lib/channels/message-provider";
import { rawQuery } from "@/lib/db/sql";
import { preview } from "@/lib/messages/content/message-preview";
import type { ChatappComponent } from "@/lib/templates/chatapp-schemas";
import { resetEnv } from "@/lib/env";
import { api } from "@/test/api";
import { createTestBusiness, uniq, type TestBusiness } from "@/test/factories";
import { drainAll, phoneOf } from "@/test/messages";
import { runTemplateReviews } from "@/test/templates";

// Templates Meta accepts, as a business migrating to us writes them: a TEXT header (with and
// without its {{1}}) and AUTHENTICATION templates (copy code, one-tap autofill, zero-tap).
// Each goes D1 -> D3 -> review -> A1 and B1, through the simulator and through the Cloud API
// provider against a fake Graph API, whose request bodies must be Meta's documented shapes.

let graph: Awaited<ReturnType<typeof startFakeServer>>;
let templateIds = 700000;

beforeAll(async () => {
  graph = await startFakeServer((req) =>
    req.path.endsWith("/message_templates")
      ? { json: { id: String(templateIds++), status: "APPROVED", category: "AUTHENTICATION" } }
      : { json: { messaging_product: "whatsapp", messages: [{ id: `wamid.T${uniq()}` }] } },
  );
  process.env.WHATSAPP_GRAPH_URL = `${graph.url}/v21.0`;
  resetEnv();
});
afterAll(() => graph.close());

async function onCloudApi(b: TestBusiness) {
  const pn = `pn${uniq()}`;
  await db()
    .update(businessChannels)
    .set({
      provider: "whatsapp-cloud",
      config: { phoneNumberIds: [pn], wabaId: `waba${pn}`, accessToken: "EAAG-shapes" },
    })
    .where(and(eq(businessChannels.businessId, b.business.id), eq(businessChannels.channel, "chatapp")));
  return pn;
}

const create = (b: TestBusiness, template: unknown) =>
  api(`/api/v1/template/${b.business.id}`, { headers: { "x-api-key": b.apiKey }, json: template });
const listed = async (b: TestBusiness, id: string) => {
  const res = await api(`/api/v1/template/${b.business.id}`, { headers: { "x-api-key": b.apiKey } });
  expect(res.status).toBe(200);
  return (res.json.data as { id: string; components: unknown[]; status: string }[]).find((t) => t.id === id)!;
};
const a1 = (b: TestBusiness, pn: string, name: string, components: unknown[], to = "919800000001") =>
  api(`/api/v3/message/${b.business.id}/template`, {
    headers: { "x-api-key": b.apiKey },
    json: {
      message: { messageType: "template", name, language: "en_US", components },
      to,
      phoneNumberId: pn,
    },
  });
const b1 = (b: TestBusiness, pn: string, name: string, components: unknown[], subscribers: unknown[]) =>
  api(`/api/v2/message/${b.business.id}/template?apikey=${b.apiKey}`, {
    json: {
      message: { messageType: "template", name, language: "en_US", components },
      subscribers,
      phoneNumberId: pn,
    },
  });

/** The Graph API's request bodies: template submissions for `wabaId`, sends from `pn`. */
const submitted = (pn: string) =>
  graph.requests
    .filter((r) => r.path === `/v21.0/waba${pn}/message_templates`)
    .map((r) => JSON.parse(r.body));
const sentTo = (pn: string, to: string) =>
  graph.requests
    .filter((r) => r.path === `/v21.0/${pn}/messages`)
    .map((r) => JSON.parse(r.body) as { to: string; template: unknown })
    .filter((r) => r.to === to)
    .map((r) => r.template);

const otpSend = (code: string) => [
  { type: "body", parameters: [{ type: "text", text: code }] },
  { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: code }] },
];
/** Meta's documented send of an authentication template (Cloud API, "Sending authentication templates"). */
const metaOtpSend = (name: string, code: string) => ({
  name,
  language: { code: "en_US" },
  components: [
    { type: "body", parameters: [{ type: "text", text: code }] },
    { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: code }] },
  ],
});

describe("HEADER with format TEXT", () => {
  it("with {{1}}: D1, D3, Meta's create shape, A1 and B1 sent with a header text parameter", async () => {
    const b = await createTestBusiness();
    const pn = await onCloudApi(b);
    const name = `order_${uniq()}`;
    const header = { type: "HEADER", format: "TEXT", text: "Order {{1}}", example: { header_text: ["42"] } };
    const body = {
      type: "BODY",
      text: "Hello {{1}}, your order has shipped today.",
      example: { body_text: [["Asha"]] },
    };
    const res = await create(b, { name, language: "en_US", category: "UTILITY", components: [header, body] });
    expect(res.status).toBe(200);
    expect(res.json.lintWarnings).toEqual([]);
    expect((await listed(b, res.json.id)).components).toEqual([header, body]);

    await runTemplateReviews();
    expect(submitted(pn)).toEqual([
      { name, language: "en_US", category: "UTILITY", components: [header, body] },
    ]);
    expect((await listed(b, res.json.id)).status).toBe("APPROVED");

    const sendComponents = [
      { componentType: "header", parameters: [{ type: "text", text: "A-77" }] },
      { componentType: "body", parameters: [{ type: "text", text: "Asha" }] },
    ];
    expect((await a1(b, pn, name, sendComponents, "919800000011")).status).toBe(200);
    const bulk = await b1(b, pn, name, sendComponents, [
      { subscriberId: "919800000012", variables: ["B-12", "Ravi"] },
    ]);
    expect(bulk.status).toBe(200);
    await drainAll();
    const meta = (order: string, who: string) => ({
      name,
      language: { code: "en_US" },
      components: [
        { type: "header", parameters: [{ type: "text", text: order }] },
        { type: "body", parameters: [{ type: "text", text: who }] },
      ],
    });
    expect(sentTo(pn, "919800000011")).toEqual([meta("A-77", "Asha")]);
    expect(sentTo(pn, "919800000012")).toEqual([meta("B-12", "Ravi")]);
  });

  it("without a variable: created, and sent without a header component", async () => {
    const b = await createTestBusiness();
    const pn = await onCloudApi(b);
    const name = `news_${uniq()}`;
    const header = { type: "HEADER", format: "TEXT", text: "Our summer sale" };
    const body = { type: "BODY", text: "Everything is half price this week, come and see." };
    const res = await create(b, {
      name,
      language: "en_US",
      category: "MARKETING",
      components: [header, body],
    });
    expect(res.status).toBe(200);
    expect((await listed(b, res.json.id)).components).toEqual([header, body]);
    await runTemplateReviews();
    expect(submitted(pn)[0].components).toEqual([header, body]);
    expect((await a1(b, pn, name, [], "919800000021")).status).toBe(200);
    await drainAll();
    expect(sentTo(pn, "919800000021")).toEqual([{ name, language: { code: "en_US" }, components: [] }]);
  });

  it("refuses what Meta refuses, saying what to fix", async () => {
    const b = await createTestBusiness();
    const pn = phoneOf(b);
    const body = { type: "BODY", text: "Your order has shipped today, thank you." };
    const tries: [unknown, string, RegExp][] = [
      [{ type: "HEADER", format: "TEXT", text: "Order {{1}}" }, "components.0.example.header_text", /sample/],
      [
        { type: "HEADER", format: "TEXT", text: "Order {{1}} of {{2}}", example: { header_text: ["1"] } },
        "components.0.text",
        /one variable/,
      ],
      [{ type: "HEADER", format: "TEXT" }, "components.0.text", /needs its text/],
      [{ type: "HEADER", format: "TEXT", text: "x".repeat(61) }, "components.0.text", /60/],
      [{ type: "HEADER", format: "IMAGE", text: "Hi" }, "components.0.text", /TEXT/],
    ];
    for (const [header, path, message] of tries) {
      const res = await create(b, {
        name: `bad_${uniq()}`,
        language: "en_US",
        category: "UTILITY",
        components: [header, body],
      });
      expect(res.status, JSON.stringify(header)).toBe(400);
      expect(res.json.error.details).toContainEqual({ path, message: expect.stringMatching(message) });
    }

    // A send that leaves out the header's {{1}}, or gives a fixed header a parameter.
    const name = `hdr_${uniq()}`;
    const ok = await create(b, {
      name,
      language: "en_US",
      category: "UTILITY",
      components: [
        { type: "HEADER", format: "TEXT", text: "Order {{1}}", example: { header_text: ["42"] } },
        body,
      ],
    });
    expect(ok.status).toBe(200);
    await runTemplateReviews();
    const missing = await a1(b, pn, name, []);
    expect(missing.status).toBe(400);
    expect(missing.json.error.message).toMatch(/text header with \{\{1\}\}: add a header component/);
    const media = await a1(b, pn, name, [
      {
        componentType: "header",
        parameters: [{ type: "media", mediaType: "image", mediaLink: "https://x.example/a.png" }],
      },
    ]);
    expect(media.status).toBe(400);
    expect(media.json.error.details[0].message).toMatch(/one text parameter/);
  });
});

describe("AUTHENTICATION templates", () => {
  const copyCode = { type: "OTP", otp_type: "COPY_CODE", text: "Copy code" };
  const oneTap = {
    type: "OTP",
    otp_type: "ONE_TAP",
    text: "Copy code",
    autofill_text: "Autofill",
    supported_apps: [{ package_name: "com.example.shop", signature_hash: "K8a/AINcGX7" }],
  };
  const oneTapOlder = {
    type: "OTP",
    otp_type: "ONE_TAP",
    package_name: "com.example.shop",
    signature_hash: "K8a/AINcGX7",
  };
  const zeroTap = {
    type: "OTP",
    otp_type: "ZERO_TAP",
    text: "Copy code",
    autofill_text: "Autofill",
    zero_tap_terms_accepted: true,
    supported_apps: [{ package_name: "com.example.shop", signature_hash: "K8a/AINcGX7" }],
  };

  for (const [kind, button] of [
    ["COPY_CODE", copyCode],
    ["ONE_TAP", oneTap],
    ["ONE_TAP (package_name at the button)", oneTapOlder],
    ["ZERO_TAP", zeroTap],
  ] as const) {
    it(`${kind}: D1 as Meta writes it, D3, Meta's create shape, A1 and B1 with the code`, async () => {
      const b = await createTestBusiness();
      const pn = await onCloudApi(b);
      const name = `otp_${uniq()}`;
      // Meta's own example, lower case as its docs write it.
      const res = await create(b, {
        name,
        language: "en_US",
        category: "authentication",
        components: [
          { type: "body", add_security_recommendation: true },
          { type: "footer", code_expiration_minutes: 10 },
          { type: "buttons", buttons: [{ ...button, type: "otp", otp_type: button.otp_type.toLowerCase() }] },
        ],
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json).toMatchObject({ status: "PENDING", category: "AUTHENTICATION", lintWarnings: [] });
      expect((await listed(b, res.json.id)).components).toEqual([
        {
          type: "BODY",
          add_security_recommendation: true,
          text: "*{{1}}* is your verification code. For your security, do not share this code.",
        },
        { type: "FOOTER", code_expiration_minutes: 10, text: "This code expires in 10 minutes." },
        { type: "BUTTONS", buttons: [button] },
      ]);

      await runTemplateReviews();
      expect(submitted(pn)).toEqual([
        {
          name,
          language: "en_US",
          category: "AUTHENTICATION",
          components: [
            { type: "BODY", add_security_recommendation: true },
            { type: "FOOTER", code_expiration_minutes: 10 },
            { type: "BUTTONS", buttons: [button] },
          ],
        },
      ]);

      expect((await a1(b, pn, name, otpSend("123456"), "919800000031")).status).toBe(200);
      // B1: each subscriber's one variable is its code, in the body and the button.
      const bulk = await b1(b, pn, name, otpSend("000000"), [
        { subscriberId: "919800000032", variables: ["482913"] },
        { subscriberId: "919800000033", variables: ["771204"] },
        // The OTP client's form: the code for the body and again for the button's url parameter.
        { subscriberId: "919800000034", variables: ["550011", "550011"] },
        // Two different codes are not one code: refused with the count.
        { subscriberId: "919800000035", variables: ["550011", "990011"] },
      ]);
      expect(bulk.status, JSON.stringify(bulk.json)).toBe(200);
      expect(bulk.json.refused).toEqual([
        expect.objectContaining({ index: 3, subscriberId: "919800000035", errorCode: "invalid_variables" }),
      ]);
      await drainAll();
      expect(sentTo(pn, "919800000034")).toEqual([metaOtpSend(name, "550011")]);
      expect(sentTo(pn, "919800000035")).toEqual([]);
      expect(sentTo(pn, "919800000031")).toEqual([metaOtpSend(name, "123456")]);
      expect(sentTo(pn, "919800000032")).toEqual([metaOtpSend(name, "482913")]);
      expect(sentTo(pn, "919800000033")).toEqual([metaOtpSend(name, "771204")]);
    });
  }

  it("round-trips on the simulator: approved, sent with the code, previewed with Meta's text", async () => {
    const b = await createTestBusiness();
    const name = `otp_sim_${uniq()}`;
    const res = await create(b, {
      name,
      language: "en_US",
      category: "AUTHENTICATION",
      components: [{ type: "BODY" }, { type: "BUTTONS", buttons: [copyCode] }],
    });
    expect(res.status).toBe(200);
    await runTemplateReviews();
    expect((await listed(b, res.json.id)).status).toBe("APPROVED");
    // The OTP client's send, and one that gives the code in the body only (the button repeats it).
    const full = await a1(b, phoneOf(b), name, otpSend("135790"), "919800000041");
    const bodyOnly = await a1(b, phoneOf(b), name, otpSend("246802").slice(0, 1), "919800000042");
    expect([full.status, bodyOnly.status]).toEqual([200, 200]);
    await drainAll();
    const rows = await rawQuery<{
      id: string;
      status: string;
      content: { kind: "template"; components: unknown[] };
    }>(db(), `SELECT id, status, content FROM messages WHERE id = ANY($1) ORDER BY recipient`, [
      [full.json.messageId, bodyOnly.json.messageId],
    ]);
    expect(rows.map((r) => r.status)).toEqual(["read", "read"]);
    expect(rows[0]!.content.components).toEqual(metaOtpSend(name, "135790").components);
    expect(rows[1]!.content.components).toEqual(metaOtpSend(name, "246802").components);
    // What the virtual phone shows: Meta's text with the code, and the copy-code button.
    const template = (await listed(b, res.json.id)).components as ChatappComponent[];
    expect(preview(rows[0]!.content as OutboundMessage["content"], template)).toMatchObject({
      text: "*135790* is your verification code.",
      buttons: [{ text: "Copy code" }],
    });
  });

  it("refuses what Meta refuses, saying what to fix", async () => {
    const b = await createTestBusiness();
    const auth = (components: unknown[]) =>
      create(b, { name: `bad_${uniq()}`, language: "en_US", category: "AUTHENTICATION", components });
    const body = { type: "BODY", add_security_recommendation: true };
    const tries: [unknown[], string, RegExp][] = [
      [
        [body, { type: "BUTTONS", buttons: [{ ...zeroTap, zero_tap_terms_accepted: false }] }],
        "components.1.buttons.0.zero_tap_terms_accepted",
        /zero_tap_terms_accepted: true/,
      ],
      [
        [body, { type: "BUTTONS", buttons: [{ type: "OTP", otp_type: "ONE_TAP" }] }],
        "components.1.buttons.0.supported_apps",
        /Android app/,
      ],
      [
        [
          body,
          {
            type: "BUTTONS",
            buttons: [
              { ...oneTap, supported_apps: [{ package_name: "shop", signature_hash: "K8a/AINcGX7" }] },
            ],
          },
        ],
        "components.1.buttons.0.supported_apps.0.package_name",
        /package name/,
      ],
      [
        [body, { type: "BUTTONS", buttons: [{ ...oneTapOlder, signature_hash: "short" }] }],
        "components.1.buttons.0.signature_hash",
        /11 characters/,
      ],
      [
        [body, { type: "BUTTONS", buttons: [{ type: "OTP", otp_type: "MAGIC" }] }],
        "components.1.buttons.0.otp_type",
        /COPY_CODE, ONE_TAP or ZERO_TAP/,
      ],
      [
        [body, { type: "FOOTER", code_expiration_minutes: 91 }, { type: "BUTTONS", buttons: [copyCode] }],
        "components.1.code_expiration_minutes",
        /90/,
      ],
      [
        [
          { type: "BODY", text: "Your code is 1234, friend" },
          { type: "BUTTONS", buttons: [copyCode] },
        ],
        "components.0.text",
        /Meta writes/,
      ],
      [
        [{ type: "HEADER", format: "TEXT", text: "Hi" }, body, { type: "BUTTONS", buttons: [copyCode] }],
        "components.0.type",
        /no HEADER/,
      ],
      [[body], "components", /OTP button/],
      [
        [
          body,
          { type: "FOOTER", code_expiration_minutes: 5, text: "Thanks!" },
          { type: "BUTTONS", buttons: [copyCode] },
        ],
        "components.1.text",
        /Meta writes/,
      ],
      [
        [body, { type: "BUTTONS", buttons: [{ type: "QUICK_REPLY", text: "Ok" }] }],
        "components.1.buttons.0.type",
        /OTP/,
      ],
    ];
    for (const [components, path, message] of tries) {
      const res = await auth(components);
      expect(res.status, JSON.stringify(components)).toBe(400);
      expect(res.json.error.details).toContainEqual({ path, message: expect.stringMatching(message) });
    }
    // An OTP button outside an authentication template is not a button Meta knows there.
    const utility = await create(b, {
      name: `bad_${uniq()}`,
      language: "en_US",
      category: "UTILITY",
      components: [
        { type: "BODY", text: "Your code is ready for you now." },
        { type: "BUTTONS", buttons: [copyCode] },
      ],
    });
    expect(utility.status).toBe(400);
    expect(utility.json.error.details[0].path).toBe("components.1.buttons.0.type");

    // A send whose button code is not the body's.
    const name = `otp_${uniq()}`;
    expect((await auth([body, { type: "BUTTONS", buttons: [copyCode] }])).status).toBe(200);
    const ok = await create(b, {
      name,
      language: "en_US",
      category: "AUTHENTICATION",
      components: [body, { type: "BUTTONS", buttons: [copyCode] }],
    });
    expect(ok.status).toBe(200);
    await runTemplateReviews();
    const mismatch = await a1(b, phoneOf(b), name, [otpSend("111111")[0], otpSend("222222")[1]]);
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.error.details[0]).toEqual({
      path: "message.components.1.parameters.0.text",
      message: "The OTP button's code must be the body's code ('111111')",
    });
  });

  it("takes back what D3 answers (Meta's text as its GET gives it) and lints none of it", async () => {
    const b = await createTestBusiness();
    const res = await create(b, {
      name: `otp_${uniq()}`,
      language: "en_US",
      category: "AUTHENTICATION",
      components: [
        { type: "BODY", text: "{{1}} is your verification code. For your security, do not share this code." },
        { type: "FOOTER", code_expiration_minutes: 5, text: "This code expires in 5 minutes." },
        { type: "BUTTONS", buttons: [copyCode] },
      ],
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.lintWarnings).toEqual([]);
  });
});
