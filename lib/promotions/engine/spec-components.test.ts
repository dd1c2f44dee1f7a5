import { describe, expect, it } from "vitest";
import { toMetaComponents, toRcsValues } from "./spec-components";

const vars = { name: "Asha", img: "https://cdn.example.com/a.png", sku: "fern" };

describe("promotion template components -> send components", () => {
  it("converts HEADER media, BODY variables, URL buttons and CAROUSEL cards, filling ${column}", () => {
    const out = toMetaComponents(
      [
        { type: "HEADER", format: "IMAGE", media: { mediaUrl: "${img}" } },
        { type: "BODY", variables: [{ type: "text", value: "Hi ${name}" }] },
        { type: "BUTTON", index: 0, variables: [{ type: "text", value: "?p=${sku}" }] },
        {
          type: "CAROUSEL",
          cards: [
            {
              card_index: 1,
              components: [
                { type: "HEADER", format: "IMAGE", media: { mediaUrl: "${img}" } },
                { type: "BODY", variables: [{ type: "text", value: "${sku}" }] },
              ],
            },
          ],
        },
      ],
      vars,
    );
    expect(out.missing).toEqual([]);
    expect(out.components).toEqual([
      { type: "header", parameters: [{ type: "image", image: { link: vars.img } }] },
      { type: "body", parameters: [{ type: "text", text: "Hi Asha" }] },
      { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: "?p=fern" }] },
      {
        type: "carousel",
        cards: [
          {
            card_index: 1,
            components: [
              { type: "header", parameters: [{ type: "image", image: { link: vars.img } }] },
              { type: "body", parameters: [{ type: "text", text: "fern" }] },
            ],
          },
        ],
      },
    ]);
  });

  it("keeps Meta-shaped components, fills them, and reports missing values", () => {
    const out = toMetaComponents(
      [{ type: "body", parameters: [{ type: "text", text: "${name} ${city}" }] }, { type: "FOOTER" }],
      vars,
    );
    expect(out.components).toEqual([{ type: "body", parameters: [{ type: "text", text: "Asha " }] }]);
    expect(out.missing).toEqual(["city"]);
    expect(toMetaComponents(undefined, vars)).toEqual({ components: [], missing: [] });
  });

  it("RCS: BODY values in order and the HEADER's media URL, as card 0 given at the top level", () => {
    expect(
      toRcsValues(
        [
          { type: "BODY", variables: [{ value: "${name}" }, { value: "x" }] },
          { type: "HEADER", media: { mediaUrl: "${img}" } },
        ],
        vars,
      ),
    ).toEqual({ cards: [{ values: ["Asha", "x"], mediaUrl: vars.img, topLevel: true }], missing: [] });
  });

  it("RCS carousel: each card's values by card_index; a missing column is reported", () => {
    expect(
      toRcsValues(
        [
          {
            type: "CAROUSEL",
            cards: [
              { card_index: 1, components: [{ type: "BODY", variables: [{ value: "${name}" }] }] },
              {
                card_index: 0,
                components: [
                  { type: "BODY", variables: [{ value: "a" }, { value: "${nope}" }] },
                  { type: "HEADER", media: { mediaUrl: "${img}" } },
                ],
              },
            ],
          },
        ],
        vars,
      ),
    ).toEqual({
      cards: [{ values: ["a", ""], mediaUrl: vars.img }, { values: ["Asha"] }],
      missing: ["nope"],
    });
  });
});
