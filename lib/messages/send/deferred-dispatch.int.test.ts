import { describe, expect, it } from "vitest";
import { inTransaction, systemCtx } from "@/lib/context";
import { sendFreeForm } from "@/lib/conversations/reply-to-conversation";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { chatappSender } from "@/test/conversations";
import { createTestBusiness } from "@/test/factories";
import { DeferredDispatch } from "./deferred-dispatch";

// The inbound batch's sends (deferred-dispatch.ts): written with their dispatch job once, at
// the end of the transaction, and only those whose savepoint did not roll back.

describe("sends deferred to the end of their transaction", () => {
  it("are written with one dispatch job in the order sent, without those a rolled-back savepoint made", async () => {
    const t = await createTestBusiness();
    const conv = (customer: string) => ({ channel: "chatapp" as const, sender: chatappSender(t), customer });
    const text = (s: string) => ({ kind: "text" as const, text: s });
    const ids = await inTransaction(systemCtx("test"), async (t0) => {
      const tx = { ...t0, deferredDispatch: new DeferredDispatch() };
      const first = await sendFreeForm(tx, t.business.id, conv("919600000001"), text("first"), {});
      // Nothing is written before the flush: the transaction's other statements do not wait on it.
      const [before] = await rawQuery<{ n: number }>(
        tx.db,
        `SELECT count(*)::int AS n FROM messages WHERE business_id = $1`,
        [t.business.id],
      );
      expect(before!.n).toBe(0);
      await expect(
        inTransaction(tx, async (sp) => {
          await sendFreeForm(sp, t.business.id, conv("919600000002"), text("rolled back"), {});
          throw new Error("the step failed after its send");
        }),
      ).rejects.toThrow("the step failed");
      const last = await sendFreeForm(tx, t.business.id, conv("919600000003"), text("last"), {});
      await tx.deferredDispatch.flush(tx.db);
      return [first.messageId, last.messageId];
    });
    const rows = await rawQuery<{ id: string; text: string; status: string; leased: boolean; tx: boolean }>(
      db(),
      `SELECT m.id, m.content->>'text' AS text, m.status, m.dispatch_locked_until > now() AS leased,
              EXISTS (SELECT 1 FROM message_transactions t WHERE t.business_id = m.business_id AND t.id = m.transaction_id) AS tx
       FROM messages m WHERE m.business_id = $1 ORDER BY m.id`,
      [t.business.id],
    );
    expect(rows).toEqual([
      { id: ids[0], text: "first", status: "attempted", leased: true, tx: true },
      { id: ids[1], text: "last", status: "attempted", leased: true, tx: true },
    ]);
    const jobs = await rawQuery<{ ids: string[]; leased: boolean }>(
      db(),
      `SELECT data->'ids' AS ids, (data->>'leased')::boolean AS leased FROM pgboss.job
       WHERE name = 'messages.dispatch' AND data->>'businessId' = $1`,
      [t.business.id],
    );
    expect(jobs).toEqual([{ ids, leased: true }]);
  });
});
