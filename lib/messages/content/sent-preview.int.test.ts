import { beforeAll, describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { createTestBusiness, type TestBusiness } from "@/test/factories";
import { approvedTemplate } from "@/test/messages";
import { storedTemplateContent } from "@/test/stored-content";
import { getSentPreview } from "./sent-preview";

const ctx = systemCtx("test");

describe("getSentPreview: the message page's 'what was sent'", () => {
  let a: TestBusiness;
  let b: TestBusiness;
  let template: { id: string; name: string };
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestBusiness(), createTestBusiness()]);
    template = await approvedTemplate(a.business.id, {
      components: [
        {
          type: "BODY",
          text: "Hello {{1}}, your order {{2}} has shipped.",
          example: { body_text: [["x", "y"]] },
        },
        { type: "FOOTER", text: "Demo shop" },
      ],
    });
  });

  it("fills the template with the values of this send, as the recipient saw it", async () => {
    const p = await getSentPreview(ctx, {
      businessId: a.business.id,
      templateId: template.id,
      content: storedTemplateContent(template.name),
    });
    expect(p.text).toBe("Hello Asha, your order A-77 has shipped.");
    expect(p.footer).toBe("Demo shop");
  });

  it("never reads another business's template (the texts stay empty)", async () => {
    const p = await getSentPreview(ctx, {
      businessId: b.business.id,
      templateId: template.id,
      content: storedTemplateContent(template.name),
    });
    expect(p.text).not.toContain("Asha");
    expect(p.footer).toBeUndefined();
  });

  it("shows an RCS text as sent", async () => {
    const p = await getSentPreview(ctx, {
      businessId: a.business.id,
      templateId: null,
      content: { kind: "rcs_text", text: "Your code is 1234" },
    });
    expect(p).toEqual({ text: "Your code is 1234", buttons: [] });
  });
});
