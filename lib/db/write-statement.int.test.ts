import { z } from "zod";
import { describe, expect, it } from "vitest";
import { db } from "./pool";
import { declareQueue } from "../jobs/declare-queue";
import { rawQuery } from "./sql";
import { renumber, writeStatement } from "./write-statement";

const probe = declareQueue({
  name: "test.write-statement",
  payload: z.object({ via: z.string() }),
  version: 1,
  retryLimit: 7,
  retryDelay: 3,
  retryBackoff: true,
  expireInSeconds: 120,
});

const columns = `retry_limit, retry_delay, retry_backoff, EXTRACT(epoch FROM expire_in)::int AS expire_s, policy,
  state, priority, EXTRACT(epoch FROM keep_until - created_on)::int AS keep_s,
  EXTRACT(epoch FROM start_after - created_on)::int AS delay_s`;

// The send path and the callbacks embed pg-boss's job insert in their own statement; the job it
// writes must be the job boss.insert() writes, or workers would treat them differently.
describe("writeStatement", () => {
  it("writes the same job as sendMany, in the caller's statement", async () => {
    await probe.sendMany(db(), [{ data: { via: "boss" }, startAfterSeconds: 30 }]);
    await writeStatement()
      .with("marker", `SELECT $1::text AS t, $2::int AS n`, ["x", 2])
      .jobs(probe, [{ data: { via: "cte" }, startAfterSeconds: 30 }])
      .run(db());
    const rows = await rawQuery<Record<string, unknown>>(
      db(),
      `SELECT data->>'via' AS via, ${columns} FROM pgboss.job WHERE name = $1 ORDER BY via`,
      [probe.name],
    );
    expect(rows).toHaveLength(2);
    const [viaBoss, viaCte] = [rows.find((r) => r.via === "boss")!, rows.find((r) => r.via === "cte")!];
    expect({ ...viaCte, via: "boss" }).toEqual(viaBoss);
    expect(viaCte).toMatchObject({
      retry_limit: 7,
      retry_delay: 3,
      retry_backoff: true,
      expire_s: 120,
      delay_s: 30,
    });
  });

  it("numbers each fragment's parameters after the previous ones", async () => {
    const table = `ws_${Date.now()}`;
    await rawQuery(db(), `CREATE TABLE ${table} (k text, v int)`);
    try {
      // $1 twice in the second fragment: still one parameter, renumbered to $3.
      await writeStatement()
        .with("a", `INSERT INTO ${table} (k, v) VALUES ($1, $2)`, ["a", 1])
        .with("b", `INSERT INTO ${table} (k, v) VALUES ($1, length($1) + $2)`, ["bb", 10])
        .run(db());
      const rows = await rawQuery<{ k: string; v: number }>(db(), `SELECT k, v FROM ${table} ORDER BY k`);
      expect(rows).toEqual([
        { k: "a", v: 1 },
        { k: "bb", v: 12 },
      ]);
    } finally {
      await rawQuery(db(), `DROP TABLE ${table}`);
    }
  });

  it("is one statement: a failing fragment writes nothing, jobs included", async () => {
    const table = `ws_${Date.now()}_check`;
    const jobs = async () =>
      (
        await rawQuery<{ n: number }>(db(), `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1`, [
          probe.name,
        ])
      )[0]!.n;
    await rawQuery(db(), `CREATE TABLE ${table} (k text, v int CHECK (v > 0))`);
    try {
      const before = await jobs();
      await expect(
        writeStatement()
          .with("ok", `INSERT INTO ${table} (k, v) VALUES ($1, $2)`, ["ok", 1])
          .with("bad", `INSERT INTO ${table} (k, v) VALUES ($1, $2)`, ["bad", -1])
          .jobs(probe, [{ data: { via: "rolled-back" } }])
          .run(db()),
      ).rejects.toThrow(/check constraint/);
      expect(await rawQuery(db(), `SELECT * FROM ${table}`)).toEqual([]);
      expect(await jobs()).toBe(before);
    } finally {
      await rawQuery(db(), `DROP TABLE ${table}`);
    }
  });
});

describe("renumber", () => {
  it("shifts every placeholder, multi-digit ones included", () => {
    expect(renumber("$1, $2, $10, $1", 3)).toBe("$4, $5, $13, $4");
    expect(renumber("$1", 0)).toBe("$1");
  });
});
