import { describe, expect, it } from "vitest";
import { migrate } from "@/lib/db/migrate";
import { uuidv7 } from "@/lib/ids";
import { poolBefore } from "@/test/migrations-before";

// The migration that moves callback_attempts into each delivery's attempt_log (hand-written
// data step) keeps every attempt, oldest first, in the shape getDelivery returns.

describe("migration callback_attempt_log", () => {
  it("copies each delivery's attempts into its attempt log, oldest first", async () => {
    const pool = await poolBefore("_callback_attempt_log");

    const biz = uuidv7();
    const endpoint = uuidv7();
    const [tried, untried] = [uuidv7(), uuidv7()];
    const [first, second] = [uuidv7(), uuidv7()];
    await pool.query(`INSERT INTO businesses (id, name) VALUES ($1, 'm')`, [biz]);
    await pool.query(
      `INSERT INTO callback_endpoints (id, business_id, url, secret_ciphertext) VALUES ($1, $2, 'https://x.example/h', 's')`,
      [endpoint, biz],
    );
    await pool.query(
      `INSERT INTO callback_deliveries (id, business_id, endpoint_id, event_type, payload, status, attempts)
       VALUES ($1, $3, $4, 'message.status', '{}', 'delivered', 2), ($2, $3, $4, 'message.status', '{}', 'pending', 0)`,
      [tried, untried, biz, endpoint],
    );
    await pool.query(
      `INSERT INTO callback_attempts (id, business_id, delivery_id, endpoint_id, attempt_no, url, requested_at,
         response_status, latency_ms, error, response_body) VALUES
       ($1, $3, $4, $5, 2, 'https://x.example/h', '2026-11-26T10:00:05Z', 200, 12, NULL, 'ok'),
       ($2, $3, $4, $5, 1, 'https://x.example/h', '2026-11-26T10:00:00Z', NULL, 10000, 'timeout', NULL)`,
      [second, first, biz, tried, endpoint],
    );

    await migrate(pool);
    const { rows } = await pool.query(
      `SELECT id, attempt_log FROM callback_deliveries WHERE business_id = $1 ORDER BY id = $2 DESC`,
      [biz, tried],
    );
    const at = Date.parse("2026-11-26T10:00:00Z") / 1000;
    expect(rows[0].attempt_log).toEqual([
      {
        id: first,
        attemptNo: 1,
        url: "https://x.example/h",
        requestedAt: at,
        responseStatus: null,
        latencyMs: 10000,
        error: "timeout",
        responseBody: null,
      },
      {
        id: second,
        attemptNo: 2,
        url: "https://x.example/h",
        requestedAt: at + 5,
        responseStatus: 200,
        latencyMs: 12,
        error: null,
        responseBody: "ok",
      },
    ]);
    expect(rows[1].attempt_log).toEqual([]);
    const { rows: tables } = await pool.query(`SELECT to_regclass('callback_attempts') AS t`);
    expect(tables[0].t).toBeNull();
  });
});
