import { describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import { chatappComponents } from "../../templates/chatapp-schemas";
import { type TemplateView } from "../../templates/schemas";
import { carouselComponents, richComponents } from "@/test/messages";
import { chatappPreview } from "./chatapp-preview";
import type { MetaComponent } from "./meta-components";
import { chatappTemplateMessage } from "../schemas";
import { planTemplateComponents, slotTexts } from "./template-content";

const template = (components: unknown[]): TemplateView =>
  ({ name: "picks", components: chatappComponents.parse(components) }) as TemplateView;
const carousel = template(carouselComponents);

const text = (t: string) => ({ type: "text", text: t });
const image = (n: number) => ({
  type: "media",
  mediaType: "image",
  mediaLink: `https://cdn.example.com/${n}.png`,
});
const card = (
  i: number,
  over: { body?: string[]; url?: string | null; payload?: string; image?: boolean } = {},
) => ({
  card_index: i,
  components: [
    ...(over.image === false ? [] : [{ componentType: "header", parameters: [image(i)] }]),
    { componentType: "body", parameters: (over.body ?? [`new${i}`, `$${i}`]).map(text) },
    ...(over.payload
      ? [
          {
            componentType: "button",
            sub_type: "quick_reply",
            parameters: [{ type: "payload", payload: over.payload }],
          },
        ]
      : []),
    ...(over.url === null
      ? []
      : [{ componentType: "button", index: "1", sub_type: "url", parameters: [text(over.url ?? `p${i}`)] }]),
  ],
});
const components = (cards: unknown[], top: string[] = ["Asha"]) =>
  chatappTemplateMessage.parse({
    messageType: "template",
    name: "picks",
    language: "en_US",
    components: [
      { componentType: "body", parameters: top.map(text) },
      { componentType: "CAROUSEL", cards },
    ],
  }).components;

/** The 400 details of planning `list` against `t`. */
function problems(list: ReturnType<typeof components>, t = carousel) {
  try {
    planTemplateComponents(t, list);
  } catch (e) {
    if (e instanceof AppError) return e.details;
    throw e;
  }
  throw new Error("expected a 400");
}

describe("carousel template content", () => {
  it("builds Meta's carousel shape with card_index, in card order, images and payloads as sent", () => {
    const list = components([card(2), card(0, { payload: "more-0" }), card(1)]);
    const plan = planTemplateComponents(carousel, list);
    expect(plan.slots).toBe(1 + 3 * 3);
    // Slot order: top body, then card by card (body, URL suffix) by card_index.
    expect(slotTexts(list)).toEqual(["Asha", "new0", "$0", "p0", "new1", "$1", "p1", "new2", "$2", "p2"]);
    const out = plan.build(slotTexts(list));
    expect(out[0]).toEqual({ type: "body", parameters: [text("Asha")] });
    expect(out[1]).toMatchObject({ type: "carousel" });
    const cards = (out[1] as Extract<MetaComponent, { type: "carousel" }>).cards;
    expect(cards.map((c) => c.card_index)).toEqual([0, 1, 2]);
    expect(cards[0]).toEqual({
      card_index: 0,
      components: [
        { type: "header", parameters: [{ type: "image", image: { link: "https://cdn.example.com/0.png" } }] },
        { type: "body", parameters: [text("new0"), text("$0")] },
        {
          type: "button",
          sub_type: "quick_reply",
          index: "0",
          parameters: [{ type: "payload", payload: "more-0" }],
        },
        { type: "button", sub_type: "url", index: "1", parameters: [text("p0")] },
      ],
    });
    expect(cards[2]!.components).toHaveLength(3);
    // B1: each subscriber's variables fill the same slots.
    const values = ["Sunil", "a", "b", "c", "d", "e", "f", "g", "h", "i"];
    const filled = plan.build(values)[1] as Extract<MetaComponent, { type: "carousel" }>;
    expect(filled.cards[1]!.components.slice(1)).toEqual([
      { type: "body", parameters: [text("d"), text("e")] },
      { type: "button", sub_type: "url", index: "1", parameters: [text("f")] },
    ]);
  });

  it("accepts string card indexes and a URL button without index", () => {
    const last = card(2, { url: null });
    const list = components([
      card(0),
      card(1),
      {
        card_index: "2",
        components: [...last.components, { componentType: "button", parameters: [text("x")] }],
      },
    ]);
    const cards = (
      planTemplateComponents(carousel, list).build(slotTexts(list))[1] as {
        cards: { components: unknown[] }[];
      }
    ).cards;
    expect(cards[2]!.components[2]).toEqual({
      type: "button",
      sub_type: "url",
      index: "1",
      parameters: [text("x")],
    });
  });

  it("answers clear 400 paths for missing, duplicate, extra and malformed cards", () => {
    const paths = (list: ReturnType<typeof components>) => problems(list).map((d) => d.path);
    expect(paths(components([card(0), card(1)]))).toEqual(["message.components.1.cards"]);
    expect(problems(components([card(0), card(1)]))[0]!.message).toMatch(/card_index 2 missing/);
    expect(paths(components([card(0), card(1), card(1)]))).toEqual([
      "message.components.1.cards.2.card_index",
      "message.components.1.cards",
    ]);
    expect(paths(components([card(0), card(1), card(2), card(3)]))).toEqual([
      "message.components.1.cards",
      "message.components.1.cards.3.card_index",
    ]);
    expect(paths(components([card(0), card(1, { body: ["one"] }), card(2)]))).toEqual([
      "message.components.1.cards.1.components",
    ]);
    expect(problems(components([card(0), card(1, { body: ["one"] }), card(2)]))[0]!.message).toBe(
      "Card 1 of template 'picks' has 2 body variable(s); the card's body has 1 parameter(s)",
    );
    expect(paths(components([card(0), card(1), card(2, { image: false })]))).toEqual([
      "message.components.1.cards.2.components",
    ]);
    expect(problems(components([card(0), card(1), card(2, { image: false })]))[0]!.message).toMatch(
      /needs its image/,
    );
    expect(paths(components([card(0, { url: null }), card(1), card(2)]))).toEqual([
      "message.components.1.cards.0.components",
    ]);
    expect(paths(components([card(0), card(1), card(2)], []))).toEqual(["message.components"]);
  });

  it("rejects a top-level header, a missing carousel, and a carousel for another template", () => {
    const list = components([card(0), card(1), card(2)]);
    const header = [{ componentType: "header" as const, parameters: [image(9)] }, ...list] as typeof list;
    expect(problems(header).map((d) => d.path)).toEqual(["message.components.0"]);
    expect(problems(list.slice(0, 1)).map((d) => d.path)).toEqual(["message.components"]);
    expect(problems(list, template(richComponents))).toEqual([
      { path: "message.components.1", message: "Template 'picks' is not a carousel: no carousel component" },
    ]);
  });

  it("checks the request shape: card_index range, at most 10 cards, payloads on quick replies", () => {
    const parse = (cards: unknown[]) =>
      chatappTemplateMessage.safeParse({
        messageType: "template",
        name: "picks",
        language: "en_US",
        components: [{ componentType: "carousel", cards }],
      });
    const issuePaths = (r: ReturnType<typeof parse>) =>
      r.success ? [] : r.error.issues.map((i) => i.path.join("."));
    expect(issuePaths(parse([{ ...card(0), card_index: 10 }]))).toEqual(["components.0.cards.0.card_index"]);
    expect(issuePaths(parse([{ ...card(0), card_index: -1 }]))).toEqual(["components.0.cards.0.card_index"]);
    expect(issuePaths(parse(Array.from({ length: 11 }, (_, i) => card(i % 10))))).toEqual([
      "components.0.cards",
    ]);
    expect(issuePaths(parse([]))).toEqual(["components.0.cards"]);
    expect(
      issuePaths(
        chatappTemplateMessage.safeParse({
          messageType: "template",
          name: "x",
          language: "en",
          components: [{ componentType: "footer" }],
        }) as ReturnType<typeof parse>,
      ),
    ).toEqual(["components.0.componentType"]);
    // A quick reply without its payload, or a payload on a URL button.
    const qr = components([
      {
        ...card(0),
        components: [...card(0).components, { componentType: "button", index: "0", sub_type: "quick_reply" }],
      },
      card(1),
      card(2),
    ]);
    expect(problems(qr).map((d) => d.path)).toEqual(["message.components.1.cards.0.components.3.parameters"]);
  });
});

describe("chatapp preview of a carousel", () => {
  it("shows the top body and each card with its image, filled body and URL", () => {
    const list = components([card(0), card(1), card(2)]);
    const sent = planTemplateComponents(carousel, list).build(slotTexts(list));
    const p = chatappPreview(sent, carousel.components);
    expect(p.text).toBe("Hi Asha, picked for you:");
    expect(p.cards).toHaveLength(3);
    expect(p.cards![1]).toEqual({
      imageUrl: "https://cdn.example.com/1.png",
      text: "Cactus: new1 for $1",
      buttons: [
        { text: "More like this", url: undefined },
        { text: "Buy", url: "https://shop.example.com/p/p1" },
      ],
    });
  });
});
