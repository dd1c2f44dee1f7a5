import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import * as schema from "@/db/schema";
import type { Executor } from "./pool";
import { statementName } from "./prepared";

/**
 * Runs positional SQL ($1..$n) on an executor (the pool's handle or an open transaction) and
 * returns its rows. It goes through drizzle's documented `$client` (the pool, or the client a
 * transaction below checked out), so a placeholder used twice stays one parameter (drizzle's
 * `sql` cannot do that) and values parse as node-postgres parses them (dates as Date). A
 * statement that recurs runs prepared (lib/db/prepared.ts).
 */
export async function rawQuery<R = Record<string, unknown>>(
  executor: Executor,
  text: string,
  values: readonly unknown[] = [],
): Promise<R[]> {
  const name = values.length > 0 ? statementName(text) : undefined;
  const result = name
    ? await executor.$client.query({ name, text, values: values as unknown[] })
    : await executor.$client.query(text, values as unknown[]);
  return result.rows as R[];
}

// One drizzle handle per pooled connection, made the first time a transaction runs on it:
// building a handle with the schema costs about a millisecond, a transaction should not.
const handles = new WeakMap<pg.PoolClient, Executor>();
const depths = new WeakMap<pg.PoolClient, number>();
/** What to run once the transaction open on a client commits (afterCommit). */
const commitHooks = new WeakMap<pg.PoolClient, Array<() => void>>();

const isTransactionClient = (client: pg.Pool | pg.PoolClient): client is pg.PoolClient =>
  typeof (client as pg.PoolClient).release === "function";

/** Whether `executor` is an open transaction (its client checked out) rather than the pool. */
export const isTransaction = (executor: Executor): boolean => isTransactionClient(executor.$client);

/**
 * Runs `fn` once what was written through `executor` is committed: after the COMMIT of the
 * transaction below (dropped if it rolls back), or at once on the pool, where a statement
 * commits by itself. A hook must not throw (it is called after the caller's transaction ended).
 */
export function afterCommit(executor: Executor, fn: () => void): void {
  const hooks = isTransactionClient(executor.$client) ? commitHooks.get(executor.$client) : undefined;
  if (hooks) hooks.push(fn);
  else fn();
}

/**
 * Runs `fn` in a transaction: on the pool, BEGIN on a client checked out for it (its drizzle
 * handle's `$client` is that client, so raw SQL and drizzle share it); inside a transaction, a
 * savepoint. This is the one way to open a transaction (`Executor` has no `transaction`), so
 * every executor a domain function receives can run raw SQL.
 */
export async function transaction<T>(executor: Executor, fn: (tx: Executor) => Promise<T>): Promise<T> {
  const client = executor.$client;
  if (isTransactionClient(client)) return savepoint(executor, client, fn);
  const conn = await client.connect();
  let handle = handles.get(conn);
  if (!handle) handles.set(conn, (handle = drizzle({ client: conn, schema })));
  let broken: Error | undefined;
  try {
    await conn.query("BEGIN");
    const hooks: Array<() => void> = [];
    commitHooks.set(conn, hooks);
    const result = await fn(handle);
    await conn.query("COMMIT");
    commitHooks.delete(conn);
    for (const hook of hooks) hook();
    return result;
  } catch (err) {
    commitHooks.delete(conn);
    await conn.query("ROLLBACK").catch((e: Error) => (broken = e));
    throw err;
  } finally {
    // A client whose ROLLBACK failed is in an unknown state: the pool drops it.
    conn.release(broken);
  }
}

async function savepoint<T>(
  executor: Executor,
  client: pg.PoolClient,
  fn: (tx: Executor) => Promise<T>,
): Promise<T> {
  const depth = (depths.get(client) ?? 0) + 1;
  const name = `sb_savepoint_${depth}`;
  depths.set(client, depth);
  try {
    await client.query(`SAVEPOINT ${name}`);
    try {
      const result = await fn(executor);
      await client.query(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (err) {
      await client.query(`ROLLBACK TO SAVEPOINT ${name}`);
      throw err;
    }
  } finally {
    depths.set(client, depth - 1);
  }
}
