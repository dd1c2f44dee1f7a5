import { describe, expect, it } from "vitest";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { createTestBusiness } from "@/test/factories";
import { approvedTemplate } from "@/test/messages";
import { templateDeleteImpact } from "./delete-template";
import { getTemplateUsage } from "./get-template";
import { listTemplates } from "./list-templates";
import { recordTemplateUsage } from "./record-template-usage";
import { searchTemplates } from "./search-templates";

const ctx = systemCtx("test");

describe("template usage spread over slots", () => {
  it("is read as the sum of a template's rows everywhere it is shown", async () => {
    const t = await createTestBusiness();
    const busy = await approvedTemplate(t.business.id);
    const quiet = await approvedTemplate(t.business.id);
    // Three writers' slots for one template, as concurrent status transactions leave them.
    for (const slot of [0, 3, 7])
      await rawQuery(
        db(),
        `INSERT INTO template_usage (template_id, slot, business_id, sent, delivered, read, failed)
         VALUES ($1, $2, $3, 10, 5, 2, 1)`,
        [busy.id, slot, t.business.id],
      );
    await recordTemplateUsage(ctx, quiet.id, { sent: 4 });
    const sums = { sent: 30, delivered: 15, read: 6, failed: 3 };
    expect(await getTemplateUsage(ctx, t.business.id, busy.id)).toEqual(sums);
    expect(
      (await templateDeleteImpact(ctx, { businessId: t.business.id, templateId: busy.id })).usage,
    ).toEqual(sums);
    const listed = await listTemplates(ctx, t.business.id);
    expect(listed.items.find((i) => i.id === busy.id)!.usage).toEqual(sums);
    expect(listed.items.find((i) => i.id === quiet.id)!.usage).toEqual({
      sent: 4,
      delivered: 0,
      read: 0,
      failed: 0,
    });
    const page = await searchTemplates(ctx, t.business.id, {
      sort: { id: "sent", desc: true },
      limit: 10,
      offset: 0,
    });
    expect(page.rows.map((r) => [r.id, r.sent])).toEqual([
      [busy.id, 30],
      [quiet.id, 4],
    ]);
  });
});
