import { describe, expect, it } from "vitest";
import { migrate } from "@/lib/db/migrate";
import { uuidv7 } from "@/lib/ids";
import { poolBefore } from "@/test/migrations-before";

// A campaign launched before round 0 counted its refused rows: the migration that adds the
// column counts them from what it has (list rows less recipients), so its campaign page still
// accounts for every row of the list; a campaign still preparing counts its own at launch.

describe("migration campaign_counts_minute_stats", () => {
  it("gives campaigns launched before it their refused rows: the list's rows less its recipients", async () => {
    const pool = await poolBefore("_campaign_counts_minute_stats");
    const biz = uuidv7();
    const list = uuidv7();
    const [done, preparing] = [uuidv7(), uuidv7()];
    await pool.query(`INSERT INTO businesses (id, name) VALUES ($1, 'm')`, [biz]);
    // 6 accepted rows and 2 refused at upload; at launch 2 more were refused (a duplicate, an
    // empty cell), so 4 became recipients (one of them opted out).
    await pool.query(
      `INSERT INTO target_lists (id, business_id, name, columns, phone_column, row_count, rejected_count)
       VALUES ($1, $2, 'l', '["Mobile"]', 'Mobile', 6, 2)`,
      [list, biz],
    );
    for (const [id, status] of [
      [done, "Completed"],
      [preparing, "Preparing"],
    ])
      await pool.query(
        `INSERT INTO promotions (id, business_id, kind, name, channel_type, status, target_list_id)
         VALUES ($1, $2, 'promotion', $3, 'chatapp', $3, $4)`,
        [id, biz, status, list],
      );
    await pool.query(
      `INSERT INTO promotion_counters (promotion_id, round, business_id) VALUES ($1, 0, $3), ($2, 0, $3)`,
      [done, preparing, biz],
    );
    await pool.query(
      `INSERT INTO promotion_recipients (promotion_id, seq, business_id, phone, state)
       SELECT p, s, $3, '9198000000' || s, CASE WHEN s = 4 THEN 'optout' ELSE 'sent' END
       FROM unnest(ARRAY[$1::uuid, $2::uuid]) p, generate_series(1, 4) s`,
      [done, preparing, biz],
    );

    await migrate(pool);
    const { rows } = await pool.query(
      "SELECT promotion_id, refused FROM promotion_counters WHERE round = 0 ORDER BY promotion_id = $1 DESC",
      [done],
    );
    expect(rows).toEqual([
      { promotion_id: done, refused: 4 },
      { promotion_id: preparing, refused: 0 },
    ]);
  });
});
