import { describe, expect, it } from "vitest";
import { lintText } from "./lint-template";
import { createChatappTemplateInput } from "./chatapp-schemas";
import { createRcsTemplateInput } from "./rcs-schemas";

const base = (components: unknown[]) => ({ name: "t_1", language: "en", category: "MARKETING", components });
const body = { type: "BODY", text: "Hello there, this is our offer" };
const paths = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  r.error?.issues.map((i) => i.path.join(".")) ?? [];

describe("chatapp component rules", () => {
  it("accepts a full template: image header, body with samples, footer, buttons", () => {
    const r = createChatappTemplateInput.safeParse(
      base([
        { type: "HEADER", format: "IMAGE", example: { header_handle: [] } },
        { type: "BODY", text: "Hi {{1}}, order {{2}} is ready.", example: { body_text: [["A", "B"]] } },
        { type: "FOOTER", text: "Thanks" },
        {
          type: "BUTTONS",
          buttons: [
            { type: "QUICK_REPLY", text: "Yes" },
            { type: "QUICK_REPLY", text: "No" },
            { type: "URL", text: "Track", url: "https://x.example/t/{{1}}", example: ["123"] },
            { type: "PHONE_NUMBER", text: "Call", phone_number: "+14155550100" },
          ],
        },
      ]),
    );
    expect(r.success).toBe(true);
  });

  it("enforces Meta's button limits and grouping", () => {
    const url = { type: "URL", text: "Go", url: "https://x.example" };
    const phone = { type: "PHONE_NUMBER", text: "Call", phone_number: "14155550100" };
    const qr = { type: "QUICK_REPLY", text: "Ok" };
    const buttons = (b: unknown[]) =>
      createChatappTemplateInput.safeParse(base([body, { type: "BUTTONS", buttons: b }]));
    expect(paths(buttons([url, url, url]))).toContain("components.1.buttons");
    expect(paths(buttons([phone, phone]))).toContain("components.1.buttons");
    expect(paths(buttons([qr, url, qr]))).toContain("components.1.buttons");
    expect(paths(buttons(Array(11).fill(qr)))).toContain("components.1.buttons");
    expect(paths(buttons([{ ...qr, text: "x".repeat(26) }]))).toContain("components.1.buttons.0.text");
    expect(paths(buttons([{ ...url, url: "https://x.example/{{1}}" }]))).toContain(
      "components.1.buttons.0.example",
    );
    expect(paths(buttons([{ ...url, url: "https://x.example/{{2}}" }]))).toContain(
      "components.1.buttons.0.url",
    );
    expect(paths(buttons([{ ...phone, phone_number: "12" }]))).toContain(
      "components.1.buttons.0.phone_number",
    );
  });

  it("limits the footer to 60 and requires exactly one body", () => {
    expect(
      paths(createChatappTemplateInput.safeParse(base([body, { type: "FOOTER", text: "x".repeat(61) }]))),
    ).toContain("components.1.text");
    expect(createChatappTemplateInput.safeParse(base([body, body])).success).toBe(false);
    expect(createChatappTemplateInput.safeParse(base([{ type: "FOOTER", text: "x" }])).success).toBe(false);
  });

  it("requires 2-10 carousel cards of the same shape", () => {
    const card = (buttons: unknown[]) => ({
      components: [
        { type: "HEADER", format: "IMAGE" },
        { type: "BODY", text: "A card" },
        { type: "BUTTONS", buttons },
      ],
    });
    const qr = { type: "QUICK_REPLY", text: "More" };
    const url = { type: "URL", text: "Go", url: "https://x.example" };
    const carousel = (cards: unknown[]) =>
      createChatappTemplateInput.safeParse(base([body, { type: "CAROUSEL", cards }]));
    expect(carousel([card([qr]), card([qr])]).success).toBe(true);
    expect(paths(carousel([card([qr])]))).toContain("components.1.cards");
    expect(paths(carousel(Array(11).fill(card([qr]))))).toContain("components.1.cards");
    expect(paths(carousel([card([qr]), card([url])]))).toContain("components.1.cards.1.components");
    expect(paths(carousel([card([qr, qr, qr]), card([qr, qr, qr])]))).toContain(
      "components.1.cards.0.components.2.buttons",
    );
  });

  it("rejects named variables and mismatched samples", () => {
    const b = (text: string, samples?: string[]) =>
      createChatappTemplateInput.safeParse(
        base([{ type: "BODY", text, example: samples ? { body_text: [samples] } : undefined }]),
      );
    expect(paths(b("Hi {{name}} there"))).toContain("components.0.text");
    expect(paths(b("Hi {{1}} there"))).toContain("components.0.example.body_text");
    expect(b("Hi {{1}} there and {{1}} again", ["A"]).success).toBe(true);
  });
});

describe("lint warnings", () => {
  it("flags variables at the edges, side by side, and too many for the text", () => {
    const codes = (t: string) => lintText(t, "x").map((w) => w.code);
    expect(codes("Hello {{1}}, your order is ready to pick up.")).toEqual([]);
    expect(codes("{{1}}, your order is ready to pick up.")).toEqual(["variable_at_start"]);
    expect(codes("Your order is ready to pick up, {{1}}")).toEqual(["variable_at_end"]);
    expect(codes("Hi there {{1}} {{2}} see you soon my friend")).toEqual(["adjacent_variables"]);
    expect(codes("Hi {{1}} and {{2}} ok")).toContain("too_many_variables");
  });
});

describe("RCS rich card rules", () => {
  const card = (content: object) => ({
    messageTemplate: { name: "r_1", language: "en" },
    rcsOutgoingMessage: {
      richCard: { standaloneCard: { cardOrientation: "VERTICAL", cardContent: content } },
    },
  });
  it("needs some content and bounds lengths", () => {
    expect(createRcsTemplateInput.safeParse(card({})).success).toBe(false);
    expect(createRcsTemplateInput.safeParse(card({ title: "Hi" })).success).toBe(true);
    expect(createRcsTemplateInput.safeParse(card({ description: "x".repeat(2001) })).success).toBe(false);
    expect(
      createRcsTemplateInput.safeParse(
        card({ title: "x", media: { height: "TALL", contentInfo: { fileUrl: "ftp://x" } } }),
      ).success,
    ).toBe(false);
  });
});
