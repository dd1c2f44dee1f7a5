import { describe, expect, it } from "vitest";
import { migrate } from "@/lib/db/migrate";
import { uuidv7 } from "@/lib/ids";
import { poolBefore } from "@/test/migrations-before";

// Migration 0036 (agent_loads) counts the open conversations each agent already holds and
// takes their last assignment from the conversation events, so routing after an upgrade
// orders agents as it did before.

describe("migration agent_loads", () => {
  it("fills each agent's open count and last assignment from what is there", async () => {
    const pool = await poolBefore("_agent_loads");
    const biz = uuidv7();
    const [a1, a2, idle] = [uuidv7(), uuidv7(), uuidv7()];
    await pool.query(`INSERT INTO businesses (id, name) VALUES ($1, 'm')`, [biz]);
    for (const [id, n] of [
      [a1, 1],
      [a2, 2],
      [idle, 3],
    ] as const)
      await pool.query(
        `INSERT INTO users (id, business_id, email, role, first_name) VALUES ($1, $2, $3, 'AGENT', 'A')`,
        [id, biz, `a${n}-${biz}@example.com`],
      );
    const conv = async (assignee: string | null, state: string) => {
      const id = uuidv7();
      await pool.query(
        `INSERT INTO conversations (id, business_id, channel, sender, customer, state, assignee_id,
           last_customer_message_at, last_message_at) VALUES ($1, $2, 'chatapp', 's', $3, $4, $5, now(), now())`,
        [id, biz, `9199${String(Math.random()).slice(2, 10)}`, state, assignee],
      );
      return id;
    };
    const c1 = await conv(a1, "open");
    await conv(a1, "pending");
    await conv(a1, "resolved");
    await conv(a2, "resolved");
    await conv(null, "open");
    await pool.query(
      `INSERT INTO conversation_events (id, business_id, conversation_id, type, actor_type, actor_id, to_user_id, created_at)
       VALUES ($1, $2, $3, 'assigned', 'system', 'routing', $4, '2026-01-02T00:00:00Z'),
              ($5, $2, $3, 'assigned', 'system', 'routing', $6, '2026-01-01T00:00:00Z')`,
      [uuidv7(), biz, c1, a1, uuidv7(), a2],
    );

    await migrate(pool);
    const { rows } = await pool.query(
      `SELECT user_id, open, last_assigned_at FROM agent_loads WHERE business_id = $1 ORDER BY open DESC`,
      [biz],
    );
    expect(rows).toEqual([
      { user_id: a1, open: 2, last_assigned_at: new Date("2026-01-02T00:00:00Z") },
      { user_id: a2, open: 0, last_assigned_at: new Date("2026-01-01T00:00:00Z") },
    ]);
    // From now on the trigger keeps it: a1's open conversation resolved.
    await pool.query(`UPDATE conversations SET state = 'resolved' WHERE id = $1`, [c1]);
    const after = await pool.query(`SELECT open FROM agent_loads WHERE user_id = $1`, [a1]);
    expect(after.rows[0].open).toBe(1);
  });
});
