import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { api } from "@/test/api";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { approvedTemplate, carouselComponents, drainAll, phoneOf, richComponents } from "@/test/messages";

/** A1 and B1 with a CAROUSEL template (top body + 3 cards: image, 2 body variables, quick reply + URL). */

const text = (t: string) => ({ type: "text", text: t });
type CardOpts = { body?: string[]; image?: boolean; url?: string; index?: unknown };
const card = (i: number, o: CardOpts = {}) => ({
  card_index: o.index ?? i,
  components: [
    ...(o.image === false
      ? []
      : [
          {
            componentType: "header",
            parameters: [
              { type: "media", mediaType: "image", mediaLink: `https://cdn.example.com/c${i}.png` },
            ],
          },
        ]),
    { componentType: "body", parameters: (o.body ?? [`new${i}`, `$${i}9`]).map(text) },
    { componentType: "button", index: "1", sub_type: "url", parameters: [text(o.url ?? `item-${i}`)] },
  ],
});
const message = (name: string, cards: unknown[], top = ["Asha"]) => ({
  messageType: "template",
  name,
  language: "en_US",
  components: [
    { componentType: "body", parameters: top.map(text) },
    { componentType: "carousel", cards },
  ],
});
const three = () => [card(0), card(1), card(2)];

const sendA1 = (t: TestBusiness, json: unknown) =>
  api(`/api/v3/message/${t.business.id}/template`, { headers: { "x-api-key": t.apiKey }, json });

async function contents(businessId: string, transactionId: string) {
  return rawQuery<{ recipient: string; content: { components: unknown[] } }>(
    db(),
    `SELECT recipient, content FROM messages WHERE business_id = $1 AND transaction_id = $2 ORDER BY id`,
    [businessId, transactionId],
  );
}

async function messageCount(businessId: string): Promise<number> {
  const [r] = await rawQuery<{ n: number }>(
    db(),
    `SELECT count(*)::int AS n FROM messages WHERE business_id = $1`,
    [businessId],
  );
  return r!.n;
}

const cardOf = (i: number, body: string[], url: string) => ({
  card_index: i,
  components: [
    { type: "header", parameters: [{ type: "image", image: { link: `https://cdn.example.com/c${i}.png` } }] },
    { type: "body", parameters: body.map(text) },
    { type: "button", sub_type: "url", index: "1", parameters: [text(url)] },
  ],
});

describe("A1 with a carousel template", () => {
  it("stores Meta's carousel shape with card_index in order, and the message reaches read", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id, { components: carouselComponents });
    // Cards in any order, componentType in any case, card_index as a string.
    const json = {
      message: {
        ...message(tpl.name, []),
        components: [
          { componentType: "BODY", parameters: [text("Asha")] },
          { componentType: "CAROUSEL", cards: [card(2), card(0, { index: "0" }), card(1)] },
        ],
      },
      to: "919900000001",
      phoneNumberId: phoneOf(t),
    };
    const res = await sendA1(t, json);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const [m] = await contents(t.business.id, res.json.transactionId);
    expect(m!.content.components).toEqual([
      { type: "body", parameters: [text("Asha")] },
      {
        type: "carousel",
        cards: [
          cardOf(0, ["new0", "$09"], "item-0"),
          cardOf(1, ["new1", "$19"], "item-1"),
          cardOf(2, ["new2", "$29"], "item-2"),
        ],
      },
    ]);
    await drainAll();
    const st = await api(
      `/api/v2/message/${t.business.id}/status/${res.json.transactionId}/complete?apikey=${t.apiKey}`,
    );
    expect(st.json[0]).toMatchObject({ msg_status: "read", template_name: tpl.name });
  });

  it("works on the legacy v1 path, with a quick-reply payload and mediaId images", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id, { components: carouselComponents });
    const cards = three().map((c, i) => ({
      card_index: c.card_index,
      components: [
        {
          componentType: "header",
          parameters: [{ type: "media", mediaType: "image", mediaId: `55500${i}` }],
        },
        ...c.components.slice(1),
        {
          componentType: "button",
          index: 0,
          sub_type: "QUICK_REPLY",
          parameters: [{ type: "payload", payload: `more-${i}` }],
        },
      ],
    }));
    const res = await api(`/api/v1/message/${t.business.id}/template?apikey=${t.apiKey}`, {
      json: { message: message(tpl.name, cards), to: "919900000005", phoneNumberId: phoneOf(t) },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const [m] = await contents(t.business.id, res.json.transactionId);
    const sent = m!.content.components[1] as { cards: { components: unknown[] }[] };
    expect(sent.cards[1]!.components).toEqual([
      { type: "header", parameters: [{ type: "image", image: { id: "555001" } }] },
      { type: "body", parameters: [text("new1"), text("$19")] },
      {
        type: "button",
        sub_type: "quick_reply",
        index: "0",
        parameters: [{ type: "payload", payload: "more-1" }],
      },
      { type: "button", sub_type: "url", index: "1", parameters: [text("item-1")] },
    ]);
  });

  it("answers clear 400s for a bad carousel and sends nothing", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id, { components: carouselComponents });
    const rich = await approvedTemplate(t.business.id, { components: richComponents });
    const body = (msg: unknown) => ({ message: msg, to: "919900000001", phoneNumberId: phoneOf(t) });
    const base = "message.components.1";
    const cases: Array<[unknown, string, RegExp]> = [
      [message(tpl.name, [card(0), card(1)]), `${base}.cards`, /card_index 2 missing/],
      [
        message(tpl.name, [card(0), card(1, { body: ["only one"] }), card(2)]),
        `${base}.cards.1.components`,
        /Card 1 .* has 2 body variable\(s\); the card's body has 1/,
      ],
      [
        message(tpl.name, [card(0), card(1), card(2, { image: false })]),
        `${base}.cards.2.components`,
        /needs its image/,
      ],
      [
        message(tpl.name, [card(0), card(1), card(2, { index: 3 })]),
        `${base}.cards.2.card_index`,
        /card_index is 0 to 2/,
      ],
      [
        message(tpl.name, [card(0), card(1), card(2, { index: 12 })]),
        `${base}.cards.2.card_index`,
        /At most 9/,
      ],
      [
        message(tpl.name, [card(0), card(1), card(2, { index: 1 })]),
        `${base}.cards.2.card_index`,
        /given twice/,
      ],
      [message(tpl.name, [...three(), card(3)]), `${base}.cards`, /has 3 cards; 4 given/],
      [
        message(
          tpl.name,
          Array.from({ length: 11 }, (_, i) => card(i % 3)),
        ),
        `${base}.cards`,
        /At most 10 cards/,
      ],
      [message(tpl.name, three(), []), "message.components", /1 body variable/],
      [
        { ...message(tpl.name, three()), components: [{ componentType: "body", parameters: [text("A")] }] },
        "message.components",
        /is a carousel of 3 cards/,
      ],
      [message(rich.name, three()), "message.components.1", /not a carousel/],
    ];
    for (const [msg, path, pattern] of cases) {
      const res = await sendA1(t, body(msg));
      expect(res.status, JSON.stringify(msg)).toBe(400);
      expect(res.json.error.code).toBe("invalid_request");
      const detail = res.json.error.details.find((d: { path: string }) => d.path === path);
      expect(detail, JSON.stringify(res.json.error.details)).toBeDefined();
      expect(detail.message).toMatch(pattern);
    }
    expect(await messageCount(t.business.id)).toBe(0);
  });
});

describe("B1 with a carousel template", () => {
  const post = (t: TestBusiness, json: unknown) =>
    api(`/api/v2/message/${t.business.id}/template?apikey=${t.apiKey}`, { json });

  it("fills each subscriber's slots: top body, then card by card (body, URL suffix)", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id, { components: carouselComponents });
    // Slot placeholders as in the published example; images stay as sent.
    const placeholders = [
      card(0, { body: ["2", "3"], url: "4" }),
      card(1, { body: ["5", "6"], url: "7" }),
      card(2, { body: ["8", "9"], url: "10" }),
    ];
    const vars = (who: string) => [who, "a", "b", "u0", "c", "d", "u1", "e", "f", "u2"];
    const res = await post(t, {
      message: message(tpl.name, placeholders.reverse(), ["1"]),
      subscribers: [
        { subscriberId: "919900000001", variables: vars("Sunil") },
        { subscriberId: "919900000011", variables: vars("Asha") },
        { subscriberId: "919900000021" },
      ],
      phoneNumberId: phoneOf(t),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const rows = await contents(t.business.id, res.json.transactionId);
    expect(rows.map((r) => r.recipient)).toEqual(["919900000001", "919900000011", "919900000021"]);
    expect(rows[0]!.content.components).toEqual([
      { type: "body", parameters: [text("Sunil")] },
      {
        type: "carousel",
        cards: [cardOf(0, ["a", "b"], "u0"), cardOf(1, ["c", "d"], "u1"), cardOf(2, ["e", "f"], "u2")],
      },
    ]);
    expect((rows[1]!.content.components[0] as { parameters: unknown[] }).parameters).toEqual([text("Asha")]);
    // Without variables: the texts as written.
    expect((rows[2]!.content.components[1] as { cards: unknown[] }).cards[2]).toEqual(
      cardOf(2, ["8", "9"], "10"),
    );
  });

  it("rejects a subscriber with the wrong number of variables, and a bad card, sending nothing", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id, { components: carouselComponents });
    const few = await post(t, {
      message: message(tpl.name, three()),
      subscribers: [{ subscriberId: "919900000001", variables: ["Sunil", "a", "b"] }],
      phoneNumberId: phoneOf(t),
    });
    expect(few.status).toBe(400);
    expect(few.json.error.details).toEqual([
      { path: "subscribers.0.variables", message: `Template '${tpl.name}' takes 10 variable(s); 3 given` },
    ]);
    const noImage = await post(t, {
      message: message(tpl.name, [card(0, { image: false }), card(1), card(2)]),
      subscribers: [{ subscriberId: "919900000001" }],
      phoneNumberId: phoneOf(t),
    });
    expect(noImage.status).toBe(400);
    expect(noImage.json.error.details.map((d: { path: string }) => d.path)).toEqual([
      "message.components.1.cards.0.components",
    ]);
    expect(await messageCount(t.business.id)).toBe(0);
  });
});
