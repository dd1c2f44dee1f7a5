import pg from "pg";
import { describe, expect, it } from "vitest";
import { endPool } from "./end-pool";
import { databaseUrl, pool } from "./pool";

// A restore stops the embedded database right after ending its pool: every connection must be
// closed on the server by then, or the shutdown terminates it and the pool's 'error' ends the
// process (a CI run of the PGlite upgrade failed so).
describe("endPool", () => {
  it("returns once the server has no connection of the pool left (pg-pool's end() returns before)", async () => {
    const name = `end-pool-${process.pid}`;
    for (let round = 0; round < 5; round++) {
      const p = new pg.Pool({ connectionString: databaseUrl(), max: 3, application_name: name });
      const clients = await Promise.all([p.connect(), p.connect(), p.connect()]);
      for (const c of clients) c.release();
      await endPool(p);
      const { rows } = await pool().query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1",
        [name],
      );
      expect(rows[0]!.n).toBe(0);
    }
  });

  it("ends a pool that never connected at once", async () => {
    const p = new pg.Pool({ connectionString: databaseUrl() });
    const started = Date.now();
    await endPool(p);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
