import { describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { listSimulatorInbox } from "@/lib/messages/simulator/list-simulator-inbox";
import { chatappComponents } from "@/lib/templates/chatapp-schemas";
import { api } from "@/test/api";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { approvedTemplate, drainAll, phoneOf } from "@/test/messages";

/** An invoice template: DOCUMENT header, body with a text, a currency and a date, two buttons. */
const invoiceComponents = chatappComponents.parse([
  { type: "HEADER", format: "DOCUMENT" },
  {
    type: "BODY",
    text: "Hi {{1}}, your invoice of {{2}} is due on {{3}}.",
    example: { body_text: [["Asha", "$10.00", "1 March 2026"]] },
  },
  {
    type: "BUTTONS",
    buttons: [
      { type: "QUICK_REPLY", text: "Pay now" },
      { type: "URL", text: "Open", url: "https://pay.example.com/i/{{1}}", example: ["1001"] },
    ],
  },
]);

const document = {
  type: "media",
  mediaType: "document",
  mediaLink: "https://cdn.example.com/invoice-1001.pdf",
  fileName: "invoice-1001.pdf",
};

/** The components of a send in the documented flat forms, `type` in place of `componentType`. */
const flatComponents = [
  { type: "header", parameters: [document] },
  {
    type: "body",
    parameters: [
      { type: "text", text: "Asha" },
      { type: "currency", code: "usd", amount: 100.99 },
      { type: "date", date: "25 February 2026" },
    ],
  },
  {
    type: "button",
    sub_type: "quick_reply",
    index: "0",
    parameters: [{ type: "payload", payload: "PAY-1001" }],
  },
  { type: "button", sub_type: "url", index: "1", parameters: [{ type: "text", text: "1001" }] },
];

/** What Meta's Cloud API takes for those components (and what `messages.content` stores). */
const metaComponents = [
  {
    type: "header",
    parameters: [
      {
        type: "document",
        document: { link: "https://cdn.example.com/invoice-1001.pdf", filename: "invoice-1001.pdf" },
      },
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
    parameters: [{ type: "payload", payload: "PAY-1001" }],
  },
  { type: "button", sub_type: "url", index: "1", parameters: [{ type: "text", text: "1001" }] },
];

async function setup() {
  const t = await createTestBusiness();
  const tpl = await approvedTemplate(t.business.id, { components: invoiceComponents });
  return { t, tpl };
}

const a1 = (t: TestBusiness, name: string, components: unknown[], path = "v3") =>
  api(
    path === "v3"
      ? `/api/v3/message/${t.business.id}/template`
      : `/api/v1/message/${t.business.id}/template?apikey=${t.apiKey}`,
    {
      headers: path === "v3" ? { "x-api-key": t.apiKey } : {},
      json: {
        message: { messageType: "template", name, language: "en_US", components },
        to: "919900000001",
        phoneNumberId: phoneOf(t),
      },
    },
  );

async function contentsOf(businessId: string, transactionId: string) {
  const rows = await rawQuery<{ recipient: string; content: { components: unknown[] } }>(
    db(),
    `SELECT recipient, content FROM messages WHERE business_id = $1 AND transaction_id = $2 ORDER BY recipient`,
    [businessId, transactionId],
  );
  return rows;
}

describe("A1/B1 parameter forms: currency, date, payload, document, `type` alias", () => {
  it("A1 (v3) maps every documented form to Meta's parameter types and sends it", async () => {
    const { t, tpl } = await setup();
    const res = await a1(t, tpl.name, flatComponents);
    expect(res.status, res.text).toBe(200);
    const [m] = await contentsOf(t.business.id, res.json.transactionId);
    expect(m!.content.components).toEqual(metaComponents);

    // The virtual phone shows the document by name, the currency by its fallback, the date as written.
    await drainAll();
    const list = await listSimulatorInbox(systemCtx(), { businessId: t.business.id, phone: "919900000001" });
    const preview = list.find((x) => x.messageId === res.json.messageId)!.preview;
    expect(preview.text).toBe("Hi Asha, your invoice of $100.99 is due on 25 February 2026.");
    expect(preview.attachment).toEqual({
      kind: "document",
      name: "invoice-1001.pdf",
      url: "https://cdn.example.com/invoice-1001.pdf",
    });
  });

  it("A1 (legacy v1 path) takes Meta's own spellings: currency/date_time objects, document, type", async () => {
    const { t, tpl } = await setup();
    const res = await a1(
      t,
      tpl.name,
      [
        {
          type: "HEADER",
          parameters: [
            {
              type: "document",
              document: { link: "https://cdn.example.com/invoice-1001.pdf", filename: "invoice-1001.pdf" },
            },
          ],
        },
        {
          type: "BODY",
          parameters: [
            { type: "text", text: "Asha" },
            { type: "currency", currency: { fallback_value: "$100.99", code: "USD", amount_1000: 100990 } },
            { type: "date_time", date_time: { fallback_value: "25 February 2026" } },
          ],
        },
        {
          type: "button",
          sub_type: "quick_reply",
          index: 0,
          parameters: [{ type: "payload", payload: "PAY-1001" }],
        },
        { type: "button", sub_type: "url", index: 1, parameters: [{ type: "text", text: "1001" }] },
      ],
      "v1",
    );
    expect(res.status, res.text).toBe(200);
    const [m] = await contentsOf(t.business.id, res.json.transactionId);
    expect(m!.content.components).toEqual(metaComponents);
  });

  it("B1 fills the currency slot with an amount and the date slot with its text, per subscriber", async () => {
    const { t, tpl } = await setup();
    const res = await api(`/api/v2/message/${t.business.id}/template?apikey=${t.apiKey}`, {
      json: {
        message: { messageType: "template", name: tpl.name, language: "en_US", components: flatComponents },
        subscribers: [
          { subscriberId: "919900000011", variables: ["Ravi", "1,250.5", "1 March 2026", "2002"] },
          { subscriberId: "919900000012" },
        ],
        phoneNumberId: phoneOf(t),
      },
    });
    expect(res.status, res.text).toBe(200);
    const [ravi, asIs] = await contentsOf(t.business.id, res.json.transactionId);
    expect(ravi!.content.components[1]).toEqual({
      type: "body",
      parameters: [
        { type: "text", text: "Ravi" },
        { type: "currency", currency: { fallback_value: "$1,250.50", code: "USD", amount_1000: 1250500 } },
        { type: "date_time", date_time: { fallback_value: "1 March 2026" } },
      ],
    });
    expect(ravi!.content.components[3]).toEqual(
      expect.objectContaining({ parameters: [{ type: "text", text: "2002" }] }),
    );
    // The payload and the document are the message's, for every subscriber.
    expect(ravi!.content.components[0]).toEqual(metaComponents[0]);
    expect(ravi!.content.components[2]).toEqual(metaComponents[2]);
    expect(asIs!.content.components).toEqual(metaComponents);
  });

  it("B1 refuses a currency variable that is not an amount, naming the subscriber", async () => {
    const { t, tpl } = await setup();
    const res = await api(`/api/v2/message/${t.business.id}/template?apikey=${t.apiKey}`, {
      json: {
        message: { messageType: "template", name: tpl.name, language: "en_US", components: flatComponents },
        subscribers: [{ subscriberId: "919900000011", variables: ["Ravi", "ten", "1 March 2026", "2002"] }],
        phoneNumberId: phoneOf(t),
      },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.details).toEqual([
      {
        path: "subscribers.0.variables",
        message: "Variable 2 fills a currency parameter: an amount such as 100.99 (got 'ten')",
      },
    ]);
  });

  it("a parameter of no accepted shape is a 400 that lists the shapes, never 'Invalid input'", async () => {
    const { t, tpl } = await setup();
    const body = flatComponents.map((c) =>
      c.type === "body"
        ? { ...c, parameters: [c.parameters[0], { type: "money", value: 5 }, c.parameters[2]] }
        : c,
    );
    const res = await a1(t, tpl.name, body);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("invalid_request");
    expect(res.json.error.message).toMatch(/expected a text, currency, date, payload or media parameter/);
    expect(res.json.error.details[0]).toEqual({
      path: "message.components.1.parameters.1.type",
      message: expect.stringMatching(/^expected a text, currency, date, payload or media parameter/),
    });
    expect(res.text).not.toMatch(/Invalid input/);

    // A known shape with a bad field says what the field takes.
    const bad = flatComponents.map((c) =>
      c.type === "body"
        ? {
            ...c,
            parameters: [c.parameters[0], { type: "currency", code: "USD", amount: "lots" }, c.parameters[2]],
          }
        : c,
    );
    const res2 = await a1(t, tpl.name, bad);
    expect(res2.status).toBe(400);
    expect(res2.json.error.details[0]).toEqual({
      path: "message.components.1.parameters.1.amount",
      message: "amount: a number such as 100.99",
    });
  });

  it("the header's media must be the template's format; fileName goes with documents", async () => {
    const { t, tpl } = await setup();
    const image = { type: "media", mediaType: "image", mediaLink: "https://cdn.example.com/a.png" };
    const res = await a1(t, tpl.name, [
      { ...flatComponents[0], parameters: [image] },
      ...flatComponents.slice(1),
    ]);
    expect(res.status).toBe(400);
    expect(res.json.error.details[0].message).toBe(
      `Template '${tpl.name}' has a DOCUMENT header: it takes exactly one media parameter with mediaType document`,
    );
    const res2 = await a1(t, tpl.name, [
      { ...flatComponents[0], parameters: [{ ...image, fileName: "a.png" }] },
      ...flatComponents.slice(1),
    ]);
    expect(res2.status).toBe(400);
    expect(res2.json.error.details[0]).toEqual({
      path: "message.components.0.parameters.0.fileName",
      message: "fileName goes with mediaType document",
    });
  });
});
