import { drizzle } from "drizzle-orm/node-postgres";
import { describe, expect, it } from "vitest";
import * as schema from "@/db/schema";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { createTestBusiness } from "@/test/factories";
import { approvedTemplate } from "@/test/messages";
import { getTemplateUsage } from "./get-template";
import { recordTemplateUsage, USAGE_SLOTS } from "./record-template-usage";

// Two transactions holding rows at once (usage-slots.int.test.ts checks the sums).

const ctx = systemCtx("test");

describe("template usage spread over slots", () => {
  it("lets two connections count one template at once, each in its own transaction", async () => {
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
