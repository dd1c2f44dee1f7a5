import { describe, expect, it } from "vitest";
import { db } from "../db";
import { rawQuery } from "./raw-sql";
import { defineQueue } from "./workers";

const probe = defineQueue<{ via: string }>({
  name: "test.insert-sql",
  retryLimit: 7,
  retryDelay: 3,
  retryBackoff: true,
  expireInSeconds: 120,
  handler: async () => undefined,
});

const columns = `retry_limit, retry_delay, retry_backoff, EXTRACT(epoch FROM expire_in)::int AS expire_s, policy,
  state, priority, EXTRACT(epoch FROM keep_until - created_on)::int AS keep_s,
  EXTRACT(epoch FROM start_after - created_on)::int AS delay_s`;

// The send path embeds pg-boss's job insert in its own statement (insert-send-rows.ts); the job
// it writes must be the job boss.insert() writes, or workers would treat them differently.
describe("queue insertSql", () => {
  it("writes the same job as sendMany, in the caller's statement", async () => {
    await probe.sendMany(db(), [{ data: { via: "boss" }, startAfterSeconds: 30 }]);
    const embedded = await probe.insertSql(db(), [{ data: { via: "cte" }, startAfterSeconds: 30 }], 2);
    await rawQuery(db(), `WITH marker AS (SELECT $1::text AS t), j AS (${embedded.text}) SELECT 1`, [
      "x",
      ...embedded.values,
    ]);
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
});
