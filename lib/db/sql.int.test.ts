import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businesses } from "@/db/schema";
import { db } from "./pool";
import { afterCommit, rawQuery, transaction } from "./sql";

const TABLE = `sql_tx_${Date.now()}`;
const rows = async () =>
  (await rawQuery<{ k: string }>(db(), `SELECT k FROM ${TABLE} ORDER BY k`)).map((r) => r.k);

describe("transaction", () => {
  it("commits raw SQL and drizzle together, on one client", async () => {
    await rawQuery(db(), `CREATE TABLE ${TABLE} (k text)`);
    const seen = await transaction(db(), async (tx) => {
      await rawQuery(tx, `INSERT INTO ${TABLE} VALUES ($1)`, ["a"]);
      // The same transaction: its own uncommitted row is visible, drizzle runs on it too.
      await tx.select().from(businesses).where(eq(businesses.id, "00000000-0000-0000-0000-000000000000"));
      const [row] = await rawQuery<{ n: number }>(tx, `SELECT count(*)::int AS n FROM ${TABLE}`);
      return row!.n;
    });
    expect(seen).toBe(1);
    expect(await rows()).toEqual(["a"]);
  });

  it("rolls back on a throw, and a nested transaction is a savepoint", async () => {
    await expect(
      transaction(db(), async (tx) => {
        await rawQuery(tx, `INSERT INTO ${TABLE} VALUES ($1)`, ["b"]);
        throw new Error("stop");
      }),
    ).rejects.toThrow("stop");
    await transaction(db(), async (tx) => {
      await rawQuery(tx, `INSERT INTO ${TABLE} VALUES ($1)`, ["c"]);
      await expect(
        transaction(tx, async (inner) => {
          await rawQuery(inner, `INSERT INTO ${TABLE} VALUES ($1)`, ["d"]);
          throw new Error("inner");
        }),
      ).rejects.toThrow("inner");
      await transaction(tx, (inner) => rawQuery(inner, `INSERT INTO ${TABLE} VALUES ($1)`, ["e"]));
    });
    expect(await rows()).toEqual(["a", "c", "e"]);
    await rawQuery(db(), `DROP TABLE ${TABLE}`);
  });

  it("parses values as node-postgres does (a timestamptz is a Date)", async () => {
    const [row] = await transaction(db(), (tx) => rawQuery<{ at: unknown }>(tx, `SELECT now() AS at`));
    expect(row!.at).toBeInstanceOf(Date);
  });
});

describe("afterCommit", () => {
  it("runs once the transaction commits (also from a savepoint), never after a rollback, at once on the pool", async () => {
    const calls: string[] = [];
    afterCommit(db(), () => calls.push("pool"));
    expect(calls).toEqual(["pool"]);
    await transaction(db(), async (tx) => {
      afterCommit(tx, () => calls.push("outer"));
      await transaction(tx, async (inner) => afterCommit(inner, () => calls.push("savepoint")));
      expect(calls).toEqual(["pool"]);
    });
    expect(calls).toEqual(["pool", "outer", "savepoint"]);
    await transaction(db(), async (tx) => {
      afterCommit(tx, () => calls.push("rolled back"));
      throw new Error("stop");
    }).catch(() => undefined);
    expect(calls).toEqual(["pool", "outer", "savepoint"]);
  });
});
