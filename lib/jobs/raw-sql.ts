import type { Executor } from "../db";

type Queryable = { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * The node-postgres client behind a drizzle executor: the pool for the root handle, the
 * checked-out client inside a transaction. Positional SQL needs it because a placeholder used
 * twice must stay one parameter (pg-boss's statements do that, and drizzle's `sql` cannot).
 */
function clientOf(executor: Executor): Queryable {
  const client = (executor as unknown as { session?: { client?: Queryable } }).session?.client;
  if (!client || typeof client.query !== "function") {
    throw new Error("raw SQL needs a drizzle node-postgres database or transaction");
  }
  return client;
}

/** Runs positional SQL ($1..$n) on an executor (pool or open transaction) and returns its rows. */
export async function rawQuery<R = Record<string, unknown>>(
  executor: Executor,
  text: string,
  values: readonly unknown[] = [],
): Promise<R[]> {
  const result = await clientOf(executor).query(text, values as unknown[]);
  return result.rows as R[];
}

/** pg-boss's `db` option: its statements run inside our transaction (DESIGN.md rule 6). */
export function bossDb(executor: Executor): {
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
} {
  return { executeSql: async (text, values) => ({ rows: await rawQuery(executor, text, values ?? []) }) };
}
