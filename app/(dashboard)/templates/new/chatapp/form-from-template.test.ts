import { describe, expect, it } from "vitest";
import { createChatappTemplateInput } from "@/lib/templates/chatapp-schemas";
import { buildChatappTemplate } from "./build-template";
import { chatappFormFrom } from "./form-from-template";

/** A template as D1 stores it (parsed), then opened in the builder (duplicate, edit, resubmit). */
const stored = (t: { category: string; components: unknown[] }) => {
  const parsed = createChatappTemplateInput.parse({ name: "t_1", language: "en_US", ...t });
  return { ...parsed, mediaHashes: [] };
};

describe("the builder opens what D1 stores", () => {
  it("an authentication template: its options and OTP button, rebuilt unchanged", () => {
    const t = stored({
      category: "AUTHENTICATION",
      components: [
        { type: "BODY", add_security_recommendation: true },
        { type: "FOOTER", code_expiration_minutes: 10 },
        {
          type: "BUTTONS",
          buttons: [
            {
              type: "OTP",
              otp_type: "ONE_TAP",
              autofill_text: "Fill in",
              supported_apps: [{ package_name: "com.example.shop", signature_hash: "K8a/AINcGX7" }],
            },
          ],
        },
      ],
    });
    const start = chatappFormFrom(t);
    expect(start.values.auth).toEqual({
      securityRecommendation: true,
      codeExpiration: "10",
      otpType: "ONE_TAP",
      copyText: "",
      autofillText: "Fill in",
      packageName: "com.example.shop",
      signatureHash: "K8a/AINcGX7",
      zeroTapTerms: false,
    });
    expect(start.lossy).toBe(false);
    const rebuilt = createChatappTemplateInput.parse(buildChatappTemplate(start.values).template);
    expect(rebuilt.components).toEqual(t.components);
  });

  it("a TEXT header with its sample", () => {
    const t = stored({
      category: "UTILITY",
      components: [
        { type: "HEADER", format: "TEXT", text: "Order {{1}}", example: { header_text: ["42"] } },
        { type: "BODY", text: "Hello, your order has shipped today." },
      ],
    });
    const start = chatappFormFrom(t);
    expect(start.values).toMatchObject({
      headerFormat: "TEXT",
      headerText: "Order {{1}}",
      headerSample: "42",
    });
    expect(start.lossy).toBe(false);
    expect(createChatappTemplateInput.parse(buildChatappTemplate(start.values).template).components).toEqual(
      t.components,
    );
  });
});
