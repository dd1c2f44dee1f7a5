import { describe, expect, it } from "vitest";
import { createChatappTemplateInput } from "../../templates/chatapp-schemas";
import { chatappPreview } from "./chatapp-preview";

const components = (category: string, list: unknown[]) =>
  createChatappTemplateInput.parse({ name: "t", language: "en_US", category, components: list }).components;

describe("what the virtual phone shows", () => {
  it("a TEXT header with the sent {{1}} above the body", () => {
    const template = components("UTILITY", [
      { type: "HEADER", format: "TEXT", text: "Order {{1}}", example: { header_text: ["42"] } },
      { type: "BODY", text: "Hello, your order has shipped today." },
    ]);
    const p = chatappPreview([{ type: "header", parameters: [{ type: "text", text: "A-77" }] }], template);
    expect(p).toMatchObject({ title: "Order A-77", text: "Hello, your order has shipped today." });
    const fixed = components("MARKETING", [
      { type: "HEADER", format: "TEXT", text: "Summer sale" },
      { type: "BODY", text: "Everything is half price this week." },
    ]);
    expect(chatappPreview([], fixed).title).toBe("Summer sale");
  });

  it("an authentication template: Meta's text with the code, its footer and its button's label", () => {
    const sent = [
      { type: "body" as const, parameters: [{ type: "text" as const, text: "482913" }] },
      {
        type: "button" as const,
        sub_type: "url" as const,
        index: "0",
        parameters: [{ type: "text" as const, text: "482913" }],
      },
    ];
    const oneTap = components("AUTHENTICATION", [
      { type: "BODY", add_security_recommendation: true },
      { type: "FOOTER", code_expiration_minutes: 5 },
      {
        type: "BUTTONS",
        buttons: [
          {
            type: "OTP",
            otp_type: "ONE_TAP",
            package_name: "com.example.app",
            signature_hash: "K8a/AINcGX7",
          },
        ],
      },
    ]);
    expect(chatappPreview(sent, oneTap)).toMatchObject({
      text: "*482913* is your verification code. For your security, do not share this code.",
      footer: "This code expires in 5 minutes.",
      buttons: [{ text: "Autofill" }],
    });
    const copy = components("AUTHENTICATION", [
      { type: "BODY" },
      { type: "BUTTONS", buttons: [{ type: "OTP", otp_type: "COPY_CODE", text: "Copy it" }] },
    ]);
    expect(chatappPreview(sent, copy).buttons).toEqual([{ text: "Copy it", url: undefined }]);
  });
});
