import { describe, expect, it } from "vitest";
import { db } from "./pool";
import { rawQuery, transaction } from "./sql";

// A raw statement that recurs runs prepared on its connection (planned once), on the embedded
// PostgreSQL as on a server.
// @isolated: the process names at most 100 statements, which other files would use up first.
describe("recurring raw statements", () => {
  it("are prepared from their third run", async () => {
    const text = `SELECT $1::int + 1 AS n -- prepared.int.test ${Date.now()}`;
    const prepared = await transaction(db(), async (tx) => {
      for (let i = 0; i < 4; i++)
        expect(await rawQuery<{ n: number }>(tx, text, [i])).toEqual([{ n: i + 1 }]);
      return rawQuery<{ statement: string }>(tx, `SELECT statement FROM pg_prepared_statements`);
    });
    expect(prepared.filter((p) => p.statement === text)).toHaveLength(1);
  });
});
