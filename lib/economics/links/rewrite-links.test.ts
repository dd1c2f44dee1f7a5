import { describe, expect, it } from "vitest";
import type { OutboundMessage } from "../../channels/message-provider";
import type { ChatappComponent } from "../../templates/chatapp-schemas";
import { rewriteLinks } from "./rewrite-links";

const base = "https://sb.example.com";
const codes = () => {
  let n = 0;
  return () => `code${String(n++).padStart(16, "0")}`;
};
const template = (url: string) => ({
  components: [
    { type: "BODY", text: "Hi {{1}}, see {{2}}" },
    { type: "BUTTONS", buttons: [{ type: "URL", text: "Shop", url }] },
  ] as unknown as ChatappComponent[],
});
const templateContent = (params: string[], suffix: string): OutboundMessage["content"] => ({
  kind: "template",
  name: "t",
  language: "en_US",
  components: [
    { type: "body", parameters: params.map((text) => ({ type: "text", text })) },
    { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: suffix }] },
  ],
});

describe("rewriteLinks", () => {
  it("makes each distinct URL of a text parameter a tracked link, punctuation left outside", () => {
    const { content, links } = rewriteLinks(
      templateContent(
        ["Asha", "https://shop.example/a?x=1. Or https://shop.example/b), or https://shop.example/a?x=1"],
        "summer",
      ),
      { base, template: template("https://shop.example/sale/{{1}}"), newCode: codes() },
    );
    expect(links).toEqual([
      { code: "code0000000000000000", url: "https://shop.example/a?x=1" },
      { code: "code0000000000000001", url: "https://shop.example/b" },
    ]);
    const c = content as { components: Array<{ parameters: Array<{ text: string }> }> };
    expect(c.components[0]!.parameters[0]!.text).toBe("Asha");
    expect(c.components[0]!.parameters[1]!.text).toBe(
      `${base}/l/code0000000000000000. Or ${base}/l/code0000000000000001), or ${base}/l/code0000000000000000`,
    );
    // A button whose approved base is another host keeps its suffix: only base + suffix reaches the customer.
    expect(c.components[1]!.parameters[0]!.text).toBe("summer");
  });

  it("tracks a URL button whose approved base is <host>/l/: the absolute URL given as {{1}} becomes the code", () => {
    const { content, links } = rewriteLinks(
      templateContent(["Asha", "no link"], "https://shop.example/p/7?ref=wa"),
      {
        base,
        template: template(`${base}/l/{{1}}`),
        newCode: codes(),
      },
    );
    expect(links).toEqual([{ code: "code0000000000000000", url: "https://shop.example/p/7?ref=wa" }]);
    const c = content as { components: Array<{ parameters: Array<{ text: string }> }> };
    expect(c.components[1]!.parameters[0]!.text).toBe("code0000000000000000");
  });

  it("leaves a <host>/l/ button's suffix that is not an absolute URL, and links already tracked", () => {
    const { links } = rewriteLinks(templateContent(["Asha", `${base}/l/abcdefghijklmnopqrst`], "summer"), {
      base,
      template: template(`${base}/l/{{1}}`),
      newCode: codes(),
    });
    expect(links).toEqual([]);
  });

  it("rewrites an RCS card's description and openUrl suggestions, and an RCS text", () => {
    const { content, links } = rewriteLinks(
      {
        kind: "rcs_richcard",
        richCard: {
          standaloneCard: {
            cardContent: {
              title: "Sale",
              description: "Details: https://shop.example/sale",
              suggestions: [
                { action: { text: "Open", openUrlAction: { url: "https://shop.example/sale" } } },
                { reply: { text: "Stop", postbackData: "stop" } },
              ],
            },
          },
        },
      },
      { base, newCode: codes() },
    );
    expect(links).toEqual([{ code: "code0000000000000000", url: "https://shop.example/sale" }]);
    const card = (content as { richCard: any }).richCard.standaloneCard.cardContent;
    expect(card.description).toBe(`Details: ${base}/l/code0000000000000000`);
    expect(card.suggestions[0].action.openUrlAction.url).toBe(`${base}/l/code0000000000000000`);
    expect(card.suggestions[1]).toEqual({ reply: { text: "Stop", postbackData: "stop" } });

    const text = rewriteLinks(
      { kind: "rcs_text", text: "Go to http://a.example/x now" },
      { base, newCode: codes() },
    );
    expect(text.content).toEqual({ kind: "rcs_text", text: `Go to ${base}/l/code0000000000000000 now` });
  });

  it("ends a URL in text before an emoji or a quote, and keeps letters of any script", () => {
    const { links } = rewriteLinks(
      templateContent(["Asha", 'Sale🎉 https://shop.example/सेल/1🎉 and "https://shop.example/b"'], "x"),
      { base, newCode: codes() },
    );
    expect(links.map((l) => l.url)).toEqual(["https://shop.example/सेल/1", "https://shop.example/b"]);
  });

  it("leaves a message without links as it was", () => {
    const content = templateContent(["Asha", "A-1"], "summer");
    const r = rewriteLinks(content, {
      base,
      template: template("https://shop.example/{{1}}"),
      newCode: codes(),
    });
    expect(r.links).toEqual([]);
    expect(r.content).toEqual(content);
  });
});
