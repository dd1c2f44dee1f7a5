import { describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db";
import { rawQuery } from "@/lib/jobs/raw-sql";
import { createTestBusiness } from "@/test/factories";
import { approvedTemplate, rcsCard, richComponents } from "@/test/messages";
import { sendTestMessage } from "./send-test-message";
import { testSendSlots } from "./test-send-slots";
import { getTemplate } from "../../templates/get-template";

const ctx = systemCtx("test");
const content = async (id: string) =>
  (
    await rawQuery<{ content: any; recipient: string }>(
      db(),
      `SELECT content, recipient FROM messages WHERE id = $1`,
      [id],
    )
  )[0]!;

describe("test send from the dashboard", () => {
  it("fills a chatapp template's header, body and URL button from the form, as A1 would", async () => {
    const t = await createTestBusiness("Test send", { defaultCountry: "IN" });
    const tpl = await approvedTemplate(t.business.id, { components: richComponents });
    const view = await getTemplate(ctx, { businessId: t.business.id, templateId: tpl.id });
    expect(testSendSlots(view, (h) => `/m/${h}`)!.map((s) => [s.kind, s.example])).toEqual([
      ["media", ""],
      ["body", "Sunil"],
      ["body", "1234"],
      ["button", "?Kid_ID=1"],
    ]);
    const sent = await sendTestMessage(ctx, t.business.id, {
      templateId: tpl.id,
      to: "98123 40001",
      values: ["https://cdn.example.com/a.png", "Asha", "77", "?Kid_ID=9"],
    });
    const row = await content(sent.messageId!);
    expect(row.recipient).toBe("919812340001");
    expect(JSON.stringify(row.content)).toContain("Asha");
    expect(JSON.stringify(row.content)).toContain("?Kid_ID=9");
    expect(JSON.stringify(row.content)).toContain("https://cdn.example.com/a.png");
  });

  it("fills an RCS card, and refuses a wrong number of values or a template not approved", async () => {
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id, { channel: "rcs", rcsCard });
    const sent = await sendTestMessage(ctx, t.business.id, {
      templateId: tpl.id,
      to: "+919812340001",
      values: ["Asha", "4242"],
    });
    expect(JSON.stringify((await content(sent.messageId!)).content)).toContain("Your code is 4242.");
    await expect(
      sendTestMessage(ctx, t.business.id, { templateId: tpl.id, to: "+919812340001", values: ["x"] }),
    ).rejects.toMatchObject({ code: "invalid_request" });
    const pending = await approvedTemplate(t.business.id, { status: "PENDING" });
    await expect(
      sendTestMessage(ctx, t.business.id, {
        templateId: pending.id,
        to: "+919812340001",
        values: ["a", "b"],
      }),
    ).rejects.toBeDefined();
  });
});
