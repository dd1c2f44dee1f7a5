import { describe, expect, it } from "vitest";
import { migrate } from "@/lib/db/migrate";
import { uuidv7 } from "@/lib/ids";
import { poolBefore } from "@/test/migrations-before";

// The migration that keys sender_rate_limits by channel moves the stored limits (hand-written
// data step): a limit stored for an id went to every sender with that id, so it stays on each.

describe("migration sender_rate_channel", () => {
  it("gives each stored limit the channel of the sender that carries its id (both when both do)", async () => {
    const pool = await poolBefore("_sender_rate_channel");

    const biz = uuidv7();
    await pool.query(`INSERT INTO businesses (id, name) VALUES ($1, 'm')`, [biz]);
    await pool.query(
      `INSERT INTO business_channels (business_id, channel, enabled, config) VALUES
         ($1, 'chatapp', true, '{"phoneNumberIds": ["phone-only", "both"]}'),
         ($1, 'rcs', true, '{"agentId": "both"}')`,
      [biz],
    );
    const rcsOnly = uuidv7();
    await pool.query(`INSERT INTO businesses (id, name) VALUES ($1, 'r')`, [rcsOnly]);
    await pool.query(
      `INSERT INTO business_channels (business_id, channel, enabled, config) VALUES ($1, 'rcs', true, '{"agentId": "agent"}')`,
      [rcsOnly],
    );
    await pool.query(
      `INSERT INTO sender_rate_limits (business_id, sender, per_second) VALUES
         ($1, 'phone-only', 10), ($1, 'both', 20), ($1, 'gone', 30), ($2, 'agent', 40)`,
      [biz, rcsOnly],
    );

    await migrate(pool);
    const { rows } = await pool.query(
      `SELECT business_id = $1 AS first, channel, sender, per_second FROM sender_rate_limits
       WHERE business_id IN ($1, $2) ORDER BY 1 DESC, sender, channel`,
      [biz, rcsOnly],
    );
    expect(rows).toEqual([
      { first: true, channel: "chatapp", sender: "both", per_second: 20 },
      { first: true, channel: "rcs", sender: "both", per_second: 20 },
      { first: true, channel: "chatapp", sender: "gone", per_second: 30 },
      { first: true, channel: "chatapp", sender: "phone-only", per_second: 10 },
      { first: false, channel: "rcs", sender: "agent", per_second: 40 },
    ]);
  });
});
