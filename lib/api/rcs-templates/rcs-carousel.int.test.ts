import { beforeAll, describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { sendTestMessage } from "@/lib/messages/send/send-test-message";
import { listSimulatorInbox } from "@/lib/messages/simulator/list-simulator-inbox";
import { getTemplate } from "@/lib/templates/get-template";
import { testSlotsOf } from "@/lib/templates/test-slots";
import { api, sendRcsTemplate } from "@/test/api";
import { createTestBusiness, uniq, type TestBusiness } from "@/test/factories";
import { drainAll } from "@/test/messages";
import { launchWithFile } from "@/test/promotion-uploads";
import { runTemplateReviews } from "@/test/templates";

/** RCS carousel templates (RBM carouselCard, 2-10 cards): D5-D7, A2, A5, E1 by card_index. */

type Content = {
  title?: string;
  description?: string;
  media?: { height: string; contentInfo: { fileUrl: string; forceRefresh?: string } };
  suggestions?: { action: { text: string; postbackData?: string; openUrlAction: { url: string } } }[];
};
const img = (i: number) => ({
  height: "MEDIUM",
  contentInfo: { fileUrl: `https://cdn.example.com/c${i}.png`, forceRefresh: "false" },
});
/** Three cards: card 0 has {{1}} {{2}}, card 1 has {{1}}, card 2 none. */
const cards = (): Content[] => [
  {
    title: "Hi {{1}}",
    description: "Fern pot for {{2}}",
    media: img(0),
    suggestions: [
      {
        action: { text: "Buy", postbackData: "buy-0", openUrlAction: { url: "https://shop.example.com/0" } },
      },
    ],
  },
  { title: "Cactus", description: "Only {{1}} left", media: img(1) },
  { title: "Palm", description: "Back in stock", media: img(2) },
];
const carouselBody = (contents: Content[] = cards(), cardWidth = "MEDIUM") => ({
  messageTemplate: { name: `carousel_${uniq()}`, language: "en" },
  rcsOutgoingMessage: { richCard: { carouselCard: { cardWidth, cardContents: contents } } },
});
const d5 = (t: TestBusiness, json: unknown) =>
  api(`/api/v2/resource/${t.business.id}/rcs/template`, { headers: { "x-api-key": t.apiKey }, json });
const sendA5 = (t: TestBusiness, templateId: string, components: unknown[], to = "+919900000101") =>
  api(`/api/v1/message/${t.business.id}/template/rcs?channel=rcs`, {
    headers: { "x-api-key": t.apiKey },
    json: {
      message: { messageType: "rcs_message", rcsMessageType: "RICHCARD_STANDALONE", templateId, components },
      to,
    },
  });
const vars = (...values: string[]) => ({
  type: "BODY",
  variables: values.map((value) => ({ type: "text", value })),
});
type Stored = { richCard: { carouselCard: { cardWidth: string; cardContents: Content[] } } };
async function contentOf(t: TestBusiness, messageId: string): Promise<Stored> {
  const [m] = await rawQuery<{ content: Stored }>(
    db(),
    `SELECT content FROM messages WHERE business_id = $1 AND id = $2`,
    [t.business.id, messageId],
  );
  return m!.content;
}

describe("RCS carousel templates", () => {
  let a: TestBusiness;
  let tpl: { id: string; name: string };
  beforeAll(async () => {
    a = await createTestBusiness();
    const body = carouselBody();
    const res = await d5(a, body);
    expect(res.status, res.text).toBe(200);
    expect(res.json.rcsOutgoingMessage).toEqual(body.rcsOutgoingMessage);
    await runTemplateReviews();
    tpl = { id: res.json.id, name: body.messageTemplate.name };
  });

  it("D7 and D6 show the carousel as a CAROUSEL component with every card's title", async () => {
    const one = await api(`/api/v2/resource/${a.business.id}/rcs/template?templateId=${tpl.id}`, {
      headers: { "x-api-key": a.apiKey },
    });
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({
      status: "APPROVED",
      rcsSpecificFields: { title: ["Hi {{1}}", "Cactus", "Palm"] },
    });
    const [carousel] = one.json.messageTemplate.components;
    expect(carousel.type).toBe("CAROUSEL");
    expect(carousel.cards).toHaveLength(3);
    expect(carousel.cards[0].components.map((c: { type: string }) => c.type)).toEqual([
      "HEADER",
      "BODY",
      "BUTTONS",
    ]);
  });

  it("D5 refuses 1 or 11 cards, images on some cards only, and a bad cardWidth (400 with paths)", async () => {
    const one = await d5(a, carouselBody(cards().slice(0, 1)));
    expect(one.status).toBe(400);
    expect(JSON.stringify(one.json.error.details)).toContain("at least 2 cards");
    const eleven = await d5(a, carouselBody(Array.from({ length: 11 }, (_, i) => ({ title: `Card ${i}` }))));
    expect(eleven.status).toBe(400);
    expect(JSON.stringify(eleven.json.error.details), eleven.text).toContain("at most 10 cards");
    const mixed = cards();
    delete mixed[2]!.media;
    const some = await d5(a, carouselBody(mixed));
    expect(some.status).toBe(400);
    expect(some.json.error.details).toContainEqual({
      path: "rcsOutgoingMessage.richCard.carouselCard.cardContents",
      message: "Give every card an image, or none of them",
    });
    const wide = await d5(a, carouselBody(cards(), "LARGE"));
    expect(wide.status).toBe(400);
    // A card's variables are checked in that card: {{2}} without {{1}} is refused at its path.
    const gap = cards();
    gap[1]!.description = "Only {{2}} left";
    const res = await d5(a, carouselBody(gap));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json.error.details)).toContain(
      "rcsOutgoingMessage.richCard.carouselCard.cardContents.1",
    );
  });

  it("lint warnings name their card", async () => {
    const contents = cards();
    contents[1]!.description = "{{1}}";
    const res = await d5(a, carouselBody(contents));
    expect(res.status, res.text).toBe(200);
    const t = await getTemplate(systemCtx(), { businessId: a.business.id, templateId: res.json.id });
    expect(t.lintWarnings.map((w) => w.path)).toContain(
      "rcsOutgoingMessage.richCard.carouselCard.cardContents.1.description",
    );
  });

  it("A5: each card's values by card_index; the sent card is RBM's carouselCard, filled card by card", async () => {
    const res = await sendA5(a, tpl.id, [
      {
        type: "CAROUSEL",
        cards: [
          {
            card_index: 0,
            components: [
              vars("Asha", "Pune"),
              { type: "HEADER", media: { mediaUrl: "https://cdn.example.com/asha.png" } },
            ],
          },
          { card_index: 1, components: [vars("3")] },
        ],
      },
    ]);
    expect(res.status, res.text).toBe(200);
    const sent = await contentOf(a, res.json.messageId);
    const [c0, c1, c2] = sent.richCard.carouselCard.cardContents;
    expect(sent.richCard.carouselCard.cardWidth).toBe("MEDIUM");
    expect([c0!.title, c0!.description, c0!.media?.contentInfo.fileUrl]).toEqual([
      "Hi Asha",
      "Fern pot for Pune",
      "https://cdn.example.com/asha.png",
    ]);
    expect(c1!.description).toBe("Only 3 left");
    expect(c2!.title).toBe("Palm");
  });

  it("A5 refuses flat BODY values for a carousel, a wrong count for a card, and a card past the last", async () => {
    const flat = await sendA5(a, tpl.id, [vars("Asha", "Pune", "3")]);
    expect(flat.status).toBe(400);
    expect(flat.json.error.message).toContain("by card_index");
    const short = await sendA5(a, tpl.id, [
      { type: "CAROUSEL", cards: [{ card_index: 0, components: [vars("Asha")] }] },
    ]);
    expect(short.status).toBe(400);
    expect(short.json.error.message).toContain("card 0 of template");
    const past = await sendA5(a, tpl.id, [
      {
        type: "CAROUSEL",
        cards: [
          { card_index: 0, components: [vars("a", "b")] },
          { card_index: 1, components: [vars("1")] },
          { card_index: 3, components: [] },
        ],
      },
    ]);
    expect(past.status).toBe(400);
    expect(past.json.error.message).toContain("has no card 3");
  });

  it("A2 by name: the carousel component's cards by card_index", async () => {
    const text = (t: string) => ({ type: "text", text: t });
    const res = await sendRcsTemplate(
      a,
      tpl.name,
      [
        {
          componentType: "carousel",
          cards: [
            { card_index: 1, components: [{ componentType: "body", parameters: [text("7")] }] },
            {
              card_index: 0,
              components: [{ componentType: "body", parameters: [text("Ravi"), text("Delhi")] }],
            },
          ],
        },
      ],
      "919900000102",
    );
    expect(res.status, res.text).toBe(200);
    const sent = await contentOf(a, res.json.messageId);
    expect(sent.richCard.carouselCard.cardContents.map((c) => c.description)).toEqual([
      "Fern pot for Delhi",
      "Only 7 left",
      "Back in stock",
    ]);
  });

  it("a standalone card is card_index 0 (A5), and its top-level BODY still works", async () => {
    const body = {
      messageTemplate: { name: `single_${uniq()}`, language: "en" },
      rcsOutgoingMessage: {
        richCard: { standaloneCard: { cardOrientation: "VERTICAL", cardContent: { title: "Hi {{1}}" } } },
      },
    };
    const created = await d5(a, body);
    await runTemplateReviews();
    const byIndex = await sendA5(a, created.json.id, [
      { type: "CAROUSEL", cards: [{ card_index: 0, components: [vars("Asha")] }] },
    ]);
    expect(byIndex.status, byIndex.text).toBe(200);
    const sent = (await contentOf(a, byIndex.json.messageId)) as unknown as {
      richCard: { standaloneCard: { cardContent: Content } };
    };
    expect(sent.richCard.standaloneCard.cardContent.title).toBe("Hi Asha");
    const both = await sendA5(a, created.json.id, [
      vars("Asha"),
      { type: "CAROUSEL", cards: [{ card_index: 0, components: [vars("Asha")] }] },
    ]);
    expect(both.status).toBe(400);
    const card1 = await sendA5(a, created.json.id, [
      { type: "CAROUSEL", cards: [{ card_index: 1, components: [] }] },
    ]);
    expect(card1.status).toBe(400);
    expect(card1.json.error.message).toContain("card_index 0 only");
  });

  it("E1: an RCS carousel promotion fills each card from the list's columns; the virtual phone shows the cards", async () => {
    const csv = "Phone,Name,City,Stock\n919900000111,Asha,Pune,3\n919900000112,Ravi,Delhi,5\n";
    const res = await launchWithFile(a, `carousel-${uniq()}`, csv, {
      businessId: a.business.id,
      name: "Carousel promo",
      channelType: "rcs",
      template: {
        id: tpl.id,
        components: [
          {
            type: "CAROUSEL",
            cards: [
              { card_index: 0, components: [vars("${name}", "${city}")] },
              { card_index: 1, components: [vars("${stock}")] },
            ],
          },
        ],
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ channelType: "rcs", accepted: 2, rejected: 0 });
    await drainAll();
    const rows = await rawQuery<{ recipient: string; content: Stored; status: string }>(
      db(),
      `SELECT recipient, content, status FROM messages WHERE business_id = $1 AND transaction_id = $2
       ORDER BY recipient`,
      [a.business.id, res.json.promotionId],
    );
    expect(rows.map((r) => r.content.richCard.carouselCard.cardContents.map((c) => c.description))).toEqual([
      ["Fern pot for Pune", "Only 3 left", "Back in stock"],
      ["Fern pot for Delhi", "Only 5 left", "Back in stock"],
    ]);
    const inbox = await listSimulatorInbox(systemCtx(), { businessId: a.business.id, phone: "919900000111" });
    const preview = inbox[0]!.preview;
    expect(preview.cards?.map((c) => c.text)).toEqual([
      "Hi Asha\nFern pot for Pune",
      "Cactus\nOnly 3 left",
      "Palm\nBack in stock",
    ]);
    expect(preview.cards?.[0]?.imageUrl).toBe("https://cdn.example.com/c0.png");

    // A card_index past the template's cards is refused before anything is stored.
    const bad = await launchWithFile(a, `carousel-${uniq()}`, csv, {
      businessId: a.business.id,
      name: "Bad carousel",
      channelType: "rcs",
      template: {
        id: tpl.id,
        components: [{ type: "CAROUSEL", cards: [{ card_index: 5, components: [] }] }],
      },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json.error.details)).toContain("The template has no card 5");
  });

  it("'Send a test' asks for each card's values and sends them by card", async () => {
    const t = await getTemplate(systemCtx(), { businessId: a.business.id, templateId: tpl.id });
    const slots = testSlotsOf(t);
    expect(slots.map((s) => s.label)).toEqual(["Card 1 {{1}}", "Card 1 {{2}}", "Card 2 {{1}}"]);
    const res = await sendTestMessage(systemCtx(), a.business.id, {
      templateId: tpl.id,
      to: "+919900000120",
      values: ["Mira", "Goa", "9"],
    });
    const sent = await contentOf(a, res.messageId);
    expect(sent.richCard.carouselCard.cardContents.map((c) => c.description)).toEqual([
      "Fern pot for Goa",
      "Only 9 left",
      "Back in stock",
    ]);
  });
});
