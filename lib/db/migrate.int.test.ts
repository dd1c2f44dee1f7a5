import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "@/test/fresh-database";
import { migrate } from "./migrate";

describe("migrate", () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let pool: pg.Pool;
  beforeAll(async () => {
    fresh = await freshDatabase();
    pool = new pg.Pool({ connectionString: fresh.url, max: 4 });
  });
  afterAll(async () => {
    await pool.end();
    await fresh.drop();
  });

  const schemaSnapshot = async () =>
    (
      await pool.query<{ t: string }>(
        `SELECT table_name || '.' || column_name || ':' || data_type AS t FROM information_schema.columns
         WHERE table_schema = 'public' ORDER BY 1`,
      )
    ).rows.map((r) => r.t);

  it("applies every migration once, and a second run is a no-op", async () => {
    const first = await migrate(pool);
    expect(first.applied).toBe(first.total);
    expect(first.total).toBeGreaterThan(0);
    const before = await schemaSnapshot();
    expect(before).toContain("businesses.id:uuid");

    const second = await migrate(pool);
    expect(second).toEqual({ applied: 0, total: first.total });
    expect(await schemaSnapshot()).toEqual(before);
    const { rows } = await pool.query("SELECT count(*)::int AS n FROM schema_migrations");
    expect(rows[0].n).toBe(first.total);
  });

  it("serialises concurrent runs: together they apply each migration exactly once", async () => {
    const other = await freshDatabase();
    const p = new pg.Pool({ connectionString: other.url, max: 4 });
    try {
      const results = await Promise.all([migrate(p), migrate(p), migrate(p)]);
      expect(results.reduce((n, r) => n + r.applied, 0)).toBe(results[0]!.total);
    } finally {
      await p.end();
      await other.drop();
    }
  });
});
