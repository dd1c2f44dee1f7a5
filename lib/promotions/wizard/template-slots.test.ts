import { describe, expect, it } from "vitest";
import { buildComponents, slotsOf, valuesFromComponents, type WizardTemplate } from "./template-slots";

const base = { id: "t", name: "offer", language: "en_US", category: "MARKETING" as const, rcsCard: null };
/** An RCS template of one vertical standalone card with `cardContent`. */
const rcsTemplate = (cardContent: object): WizardTemplate => ({
  ...base,
  channel: "rcs",
  components: [],
  rcsCard: { richCard: { standaloneCard: { cardOrientation: "VERTICAL", cardContent } } },
});

const carousel: WizardTemplate = {
  ...base,
  channel: "chatapp",
  components: [
    { type: "BODY", text: "Hi {{1}}, see {{2}}", example: { body_text: [["Asha", "these"]] } },
    {
      type: "CAROUSEL",
      cards: [0, 1].map(() => ({
        components: [
          { type: "HEADER" as const, format: "IMAGE" as const },
          { type: "BODY" as const, text: "Only {{1}}", example: { body_text: [["9"]] } },
        ],
      })),
    },
  ],
};

describe("template slots", () => {
  it("lists body, card and button slots and builds E1 components with ${column} values", () => {
    expect(slotsOf(carousel).map((s) => s.key)).toEqual([
      "body.1",
      "body.2",
      "card.0.header",
      "card.0.body.1",
      "card.1.header",
      "card.1.body.1",
    ]);
    const values = {
      "body.1": { kind: "column" as const, value: "Name" },
      "body.2": { kind: "text" as const, value: "our offers" },
      "card.0.header": { kind: "text" as const, value: "https://x.test/a.png" },
      "card.0.body.1": { kind: "column" as const, value: "price" },
      "card.1.header": { kind: "text" as const, value: "https://x.test/b.png" },
      "card.1.body.1": { kind: "text" as const, value: "5" },
    };
    const components = buildComponents(carousel, values);
    expect(components).toEqual([
      {
        type: "BODY",
        variables: [
          { type: "text", value: "${Name}" },
          { type: "text", value: "our offers" },
        ],
      },
      {
        type: "CAROUSEL",
        cards: [
          {
            card_index: 0,
            components: [
              { type: "HEADER", format: "IMAGE", media: { mediaUrl: "https://x.test/a.png" } },
              { type: "BODY", variables: [{ type: "text", value: "${price}" }] },
            ],
          },
          {
            card_index: 1,
            components: [
              { type: "HEADER", format: "IMAGE", media: { mediaUrl: "https://x.test/b.png" } },
              { type: "BODY", variables: [{ type: "text", value: "5" }] },
            ],
          },
        ],
      },
    ]);
    expect(valuesFromComponents(carousel, components)).toEqual(values);
  });

  it("maps a URL button's {{1}} and an RCS card's variables", () => {
    const withButton: WizardTemplate = {
      ...base,
      channel: "chatapp",
      components: [
        { type: "BODY", text: "Track {{1}}" },
        {
          type: "BUTTONS",
          buttons: [{ type: "URL", text: "Track", url: "https://x.test/{{1}}", example: ["a"] }],
        },
      ],
    };
    expect(slotsOf(withButton).map((s) => s.key)).toEqual(["body.1", "button.0"]);
    const built = buildComponents(withButton, {
      "body.1": { kind: "column", value: "order" },
      "button.0": { kind: "column", value: "order" },
    });
    expect(built[1]).toEqual({
      type: "BUTTON",
      sub_type: "url",
      index: 0,
      variables: [{ type: "text", value: "${order}" }],
    });
    const rcs: WizardTemplate = rcsTemplate({ title: "Hi {{1}}", description: "Code {{2}}" });
    expect(slotsOf(rcs).map((s) => s.key)).toEqual(["body.1", "body.2"]);
  });
});

describe("carousel card buttons", () => {
  const withButtons: WizardTemplate = {
    ...base,
    channel: "chatapp",
    components: [
      { type: "BODY", text: "Hi {{1}}", example: { body_text: [["Asha"]] } },
      {
        type: "CAROUSEL",
        cards: [0, 1].map((ci) => ({
          components: [
            { type: "HEADER" as const, format: "IMAGE" as const },
            { type: "BODY" as const, text: `Card ${ci}` },
            {
              type: "BUTTONS" as const,
              buttons: [
                { type: "QUICK_REPLY" as const, text: "Stop" },
                {
                  type: "URL" as const,
                  text: "Shop",
                  url: "https://shop.test/{{1}}",
                  example: [`https://shop.test/p${ci}`],
                },
              ],
            },
          ],
        })),
      },
    ],
  } as WizardTemplate;

  it("gives each card's URL button {{1}} a slot, sends it as the card's BUTTON and reads it back", () => {
    const slots = slotsOf(withButtons);
    expect(slots.map((s) => s.key)).toEqual([
      "body.1",
      "card.0.header",
      "card.0.button.1",
      "card.1.header",
      "card.1.button.1",
    ]);
    expect(slots[2]!.label).toBe("Card 1 button “Shop” link {{1}}");
    const values = {
      "body.1": { kind: "column" as const, value: "name" },
      "card.0.header": { kind: "text" as const, value: "https://x.test/a.png" },
      "card.0.button.1": { kind: "column" as const, value: "sku" },
      "card.1.header": { kind: "text" as const, value: "https://x.test/b.png" },
      "card.1.button.1": { kind: "text" as const, value: "sale" },
    };
    const components = buildComponents(withButtons, values) as Array<{
      type: string;
      cards?: Array<{ components: unknown[] }>;
    }>;
    const cards = components.find((c) => c.type === "CAROUSEL")!.cards!;
    expect(cards[0]!.components).toContainEqual({
      type: "BUTTON",
      sub_type: "url",
      index: 1,
      variables: [{ type: "text", value: "${sku}" }],
    });
    expect(cards[1]!.components).toContainEqual({
      type: "BUTTON",
      sub_type: "url",
      index: 1,
      variables: [{ type: "text", value: "sale" }],
    });
    expect(valuesFromComponents(withButtons, components)).toEqual(values);
  });
});

describe("header images", () => {
  const own = `https://sb.test/media/0190d9e0-0000-7000-8000-000000000001/${"a".repeat(64)}`;
  const withImage: WizardTemplate = {
    ...base,
    channel: "chatapp",
    images: [own],
    components: [
      { type: "HEADER", format: "IMAGE" },
      { type: "BODY", text: "Hi {{1}}" },
    ],
  };

  it("offers the template's own image on the header slot and sends it as the header's URL", () => {
    const [header] = slotsOf(withImage);
    expect(header).toEqual({ key: "header", label: "Header image", media: "image", image: own });
    const values = {
      header: { kind: "template" as const, value: own },
      "body.1": { kind: "column" as const, value: "name" },
    };
    const built = buildComponents(withImage, values);
    expect(built[0]).toEqual({ type: "HEADER", format: "IMAGE", media: { mediaUrl: own } });
    // Read back (duplicate as new) as the template's image again; an upload as an upload.
    expect(valuesFromComponents(withImage, built)).toEqual(values);
    const upload = own.replace("a".repeat(64), "b".repeat(64));
    const again = buildComponents(withImage, { ...values, header: { kind: "upload", value: upload } });
    expect(valuesFromComponents(withImage, again).header).toEqual({ kind: "upload", value: upload });
  });

  it("keeps a column of URLs and names documents and videos by their URL", () => {
    const built = buildComponents(withImage, {
      header: { kind: "column", value: "picture" },
      "body.1": { kind: "text", value: "x" },
    });
    expect(built[0]).toEqual({ type: "HEADER", format: "IMAGE", media: { mediaUrl: "${picture}" } });
    const doc: WizardTemplate = { ...withImage, components: [{ type: "HEADER", format: "DOCUMENT" }] };
    expect(slotsOf(doc)).toEqual([{ key: "header", label: "Header document URL" }]);
  });

  it("gives an RCS card with an image its image slot: its own image needs no HEADER, another one does", () => {
    const fileUrl = "https://cdn.test/card.png";
    const rcs: WizardTemplate = rcsTemplate({
      title: "Hi {{1}}",
      media: { height: "MEDIUM", contentInfo: { fileUrl } },
    });
    expect(slotsOf(rcs)).toEqual([
      { key: "header", label: "Card image", media: "image", image: fileUrl },
      { key: "body.1", label: "Variable {{1}}" },
    ]);
    const body = { "body.1": { kind: "column" as const, value: "name" } };
    expect(buildComponents(rcs, { ...body, header: { kind: "template", value: fileUrl } })).toEqual([
      { type: "BODY", variables: [{ type: "text", value: "${name}" }] },
    ]);
    expect(buildComponents(rcs, { ...body, header: { kind: "column", value: "img" } })[0]).toEqual({
      type: "HEADER",
      format: "IMAGE",
      media: { mediaUrl: "${img}" },
    });
  });
});
