import { describe, expect, it } from "vitest";
import { OTP_BODY, otpBodyText } from "./authentication-schemas";
import { lintChatappComponents, lintText } from "./lint-template";
import { createChatappTemplateInput } from "./chatapp-schemas";

const otp = (body: Record<string, unknown>) =>
  createChatappTemplateInput.parse({
    name: "otp",
    language: "en_US",
    category: "AUTHENTICATION",
    components: [body, { type: "BUTTONS", buttons: [{ type: "OTP", otp_type: "COPY_CODE" }] }],
  });

describe("lint of Meta's fixed OTP body", () => {
  it("gives no variable_at_start (nor any warning) for an authentication template's body", () => {
    for (const body of [
      { type: "BODY" },
      { type: "BODY", add_security_recommendation: true },
      // As Meta's GET answers it, without the asterisks: this text starts with {{1}}.
      { type: "BODY", text: "{{1}} is your verification code. For your security, do not share this code." },
    ]) {
      const t = otp(body);
      expect(lintChatappComponents(t.components, t.category)).toEqual([]);
    }
    expect(otp({ type: "BODY" }).components[0]).toEqual({ type: "BODY", text: OTP_BODY });
  });

  it("still warns for the same text in a template whose body the business writes", () => {
    const text = "{{1}} is your verification code. For your security, do not share this code.";
    expect(lintText(text, "components.0.text").map((w) => w.code)).toEqual(["variable_at_start"]);
    const utility = createChatappTemplateInput.parse({
      name: "code",
      language: "en_US",
      category: "UTILITY",
      components: [{ type: "BODY", text, example: { body_text: [["123456"]] } }],
    });
    expect(lintChatappComponents(utility.components, utility.category).map((w) => w.code)).toEqual([
      "variable_at_start",
    ]);
    expect(otpBodyText(true)).toBe(`${OTP_BODY} For your security, do not share this code.`);
  });
});
