import { describe, expect, inject, it } from "vitest";
import { databaseUrl, db } from "../db";
import { isEmbeddedUrl } from "./embedded-url";
import { rawQuery, transaction } from "./sql";

// On PostgreSQL a raw statement that recurs runs prepared on its connection (planned once);
// on the embedded database, whose connections share one session, nothing is prepared.
// @isolated: the process names at most 100 statements, which other files would use up first.
describe("recurring raw statements", () => {
  it("are prepared on PostgreSQL from their third run, and never on the embedded database", async () => {
    const text = `SELECT $1::int + 1 AS n -- prepared.int.test ${Date.now()}`;
    const prepared = await transaction(db(), async (tx) => {
      for (let i = 0; i < 4; i++)
        expect(await rawQuery<{ n: number }>(tx, text, [i])).toEqual([{ n: i + 1 }]);
      return rawQuery<{ statement: string }>(tx, `SELECT statement FROM pg_prepared_statements`);
    });
    // The run's database is the embedded one exactly when it was given no PostgreSQL server.
    expect(isEmbeddedUrl(databaseUrl())).toBe(inject("serverDatabaseUrl") === "");
    const mine = prepared.filter((p) => p.statement === text);
    expect(mine).toHaveLength(isEmbeddedUrl(databaseUrl()) ? 0 : 1);
  });
});
