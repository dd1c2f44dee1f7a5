import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/pool";
import { rawQuery } from "@/lib/db/sql";
import { conversationOf, customerWrites, userCtx } from "@/test/conversations";
import { createTestBusiness, createTestUser } from "@/test/factories";
import { assignConversation } from "./assign-conversation";
import { setConversationState } from "./set-conversation-state";

const phone = () => `9197${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

/** Every user's kept count against a count of their open conversations; returns the counts. */
async function expectLoadsMatch(businessId: string): Promise<Map<string, number>> {
  const rows = await rawQuery<{ id: string; open: number; counted: number }>(
    db(),
    `SELECT u.id, coalesce(l.open, 0) AS open,
       (SELECT count(*)::int FROM conversations c
        WHERE c.business_id = u.business_id AND c.assignee_id = u.id AND c.state <> 'resolved') AS counted
     FROM users u LEFT JOIN agent_loads l ON l.user_id = u.id WHERE u.business_id = $1`,
    [businessId],
  );
  for (const r of rows) expect(r.open, `agent ${r.id}`).toBe(r.counted);
  return new Map(rows.map((r) => [r.id, r.open]));
}

const lastAssigned = async (userId: string) =>
  (
    await rawQuery<{ at: Date | null }>(
      db(),
      `SELECT last_assigned_at AS at FROM agent_loads WHERE user_id = $1`,
      [userId],
    )
  )[0]?.at ?? null;

describe("agent_loads, the open count routing reads", () => {
  it("follows every assignment, transfer, resolve, reopen, deletion and a user's removal", async () => {
    const t = await createTestBusiness();
    const a1 = await createTestUser(t.business.id);
    const a2 = await createTestUser(t.business.id);
    const a3 = await createTestUser(t.business.id);
    const customers = [phone(), phone(), phone(), phone(), phone()];
    for (const c of customers) await customerWrites(t, c);
    let loads = await expectLoadsMatch(t.business.id);
    expect([loads.get(a1.id), loads.get(a2.id), loads.get(a3.id)].sort()).toEqual([1, 2, 2]);
    const before = await lastAssigned(a3.id);

    // A supervisor transfers one to a3: one fewer for its holder, one more for a3, a3 just given one.
    const supervisor = userCtx(t.business.id, t.admin.id, "BUSINESS_ADMIN");
    const conv = await conversationOf(t.business.id, customers[0]!);
    const target = conv.assignee_id === a3.id ? a1 : a3;
    await assignConversation(supervisor, t.business.id, conv.id, { assigneeId: target.id });
    loads = await expectLoadsMatch(t.business.id);
    const given = await lastAssigned(target.id);
    expect(given).not.toBeNull();
    if (target.id === a3.id && before) expect(given!.getTime()).toBeGreaterThanOrEqual(before.getTime());

    // Resolved: no longer open. The customer writes again: reopened, counted again.
    await setConversationState(userCtx(t.business.id, target.id), t.business.id, conv.id, {
      state: "resolved",
    });
    loads = await expectLoadsMatch(t.business.id);
    await customerWrites(t, customers[0]!, "one more thing");
    loads = await expectLoadsMatch(t.business.id);
    expect((await conversationOf(t.business.id, customers[0]!)).state).toBe("open");

    // A conversation deleted, and a user removed (its conversations lose their assignee).
    const other = await conversationOf(t.business.id, customers[1]!);
    await rawQuery(db(), `DELETE FROM conversations WHERE business_id = $1 AND id = $2`, [
      t.business.id,
      other.id,
    ]);
    await expectLoadsMatch(t.business.id);
    const holder = (await conversationOf(t.business.id, customers[2]!)).assignee_id!;
    await rawQuery(db(), `DELETE FROM users WHERE id = $1`, [holder]);
    loads = await expectLoadsMatch(t.business.id);
    expect(loads.has(holder)).toBe(false);
    expect((await rawQuery(db(), `SELECT 1 FROM agent_loads WHERE user_id = $1`, [holder])).length).toBe(0);
  });
});
