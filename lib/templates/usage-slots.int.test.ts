import { drizzle } from "drizzle-orm/node-postgres";
import { describe, expect, it } from "vitest";
import * as schema from "@/db/schema";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db";
import { rawQuery } from "@/lib/db/sql";
import { isEmbeddedDatabase } from "@/lib/promotions/lists/row-sinks";
import { createTestBusiness } from "@/test/factories";
import { approvedTemplate } from "@/test/messages";
import { templateDeleteImpact } from "./delete-template";
import { getTemplateUsage } from "./get-template";
import { listTemplates } from "./list-templates";
import { recordTemplateUsage, USAGE_SLOTS } from "./record-template-usage";
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

  it("lets two connections count one template at once, each in its own transaction", async (test) => {
    if (await isEmbeddedDatabase(db())) test.skip(); // one session: transactions take turns there
    const t = await createTestBusiness();
    const tpl = await approvedTemplate(t.business.id);
    const pool = db().$client as import("pg").Pool;
    // Two connections whose slots differ (a connection's slot is its backend pid modulo the slots).
    const held: import("pg").PoolClient[] = [];
    const slots = new Map<number, import("pg").PoolClient>();
    while (slots.size < 2 && held.length < 20) {
      const c = await pool.connect();
      held.push(c);
      const { rows } = await c.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      if (!slots.has(rows[0]!.pid % USAGE_SLOTS)) slots.set(rows[0]!.pid % USAGE_SLOTS, c);
    }
    const [first, second] = [...slots.values()];
    try {
      // The writer itself, on a given connection.
      const count = (c: import("pg").PoolClient) =>
        recordTemplateUsage({ ...ctx, db: drizzle({ client: c, schema }) }, tpl.id, { sent: 1 });
      await first!.query("BEGIN");
      await count(first!);
      // The first has not committed: the second would wait on its row if they shared one.
      await second!.query("BEGIN");
      await second!.query("SET LOCAL lock_timeout = '2s'");
      await count(second!);
      await second!.query("COMMIT");
      await first!.query("COMMIT");
      expect(await getTemplateUsage(ctx, t.business.id, tpl.id)).toMatchObject({ sent: 2 });
    } finally {
      for (const c of held) c.release();
    }
  });
});
