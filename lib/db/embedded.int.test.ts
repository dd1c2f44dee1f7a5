import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedDb, type EmbeddedDb } from "./embedded";

// @embedded-only: it starts an embedded database of its own (vitest.config.ts).

describe("embedded database under concurrent connections", () => {
  let embedded: EmbeddedDb;
  let pool: pg.Pool;
  beforeAll(async () => {
    embedded = await startEmbeddedDb();
    pool = new pg.Pool({ connectionString: embedded.url, max: 16 });
  });
  afterAll(async () => {
    await pool.end();
    await embedded.stop();
  });

  it("never mixes one connection's statement with another's parameters", async () => {
    // Parameterised queries of different shapes from many connections at once: each must
    // come back with its own answer (interleaved Parse/Bind would swap or fail them). The
    // interleaving was seen under heavy load (job workers + API); this checks the contract
    // rather than reproducing that timing.
    const queries = Array.from({ length: 600 }, (_, i) =>
      i % 3 === 0
        ? pool
            .query<{ v: string }>("SELECT $1::text || '-' || $2::text AS v", [`a${i}`, `b${i}`])
            .then((r) => [r.rows[0]!.v, `a${i}-b${i}`])
        : i % 3 === 1
          ? pool
              .query<{ v: string }>("SELECT ($1::int * 2)::text AS v", [i])
              .then((r) => [r.rows[0]!.v, String(i * 2)])
          : pool
              .query<{ v: string }>("SELECT concat_ws(',', $1::text, $2::text, $3::text) AS v", [
                i,
                i + 1,
                i + 2,
              ])
              .then((r) => [r.rows[0]!.v, `${i},${i + 1},${i + 2}`]),
    );
    const results = await Promise.all(queries);
    for (const [got, want] of results) expect(got).toBe(want);
  });

  it("keeps transactions of different connections apart", async () => {
    await pool.query("CREATE TABLE t (id int primary key, who text)");
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const c = await pool.connect();
        try {
          await c.query("BEGIN");
          await c.query("INSERT INTO t VALUES ($1, $2)", [i, `c${i}`]);
          if (i % 2) await c.query("ROLLBACK");
          else await c.query("COMMIT");
        } finally {
          c.release();
        }
      }),
    );
    const { rows } = await pool.query<{ id: number }>("SELECT id FROM t ORDER BY id");
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 10 }, (_, i) => i * 2));
  });

  it("keeps a 32 MB buffer pool, not PostgreSQL's 128 MB: the pool is the server's own memory here", async () => {
    const { rows } = await pool.query<{ shared_buffers: string }>("SHOW shared_buffers");
    expect(rows[0]!.shared_buffers).toBe("32MB");
  });
});
