import { inTransaction, type Ctx } from "../../context";

/** Carries an answer out of the transaction it rolls back. */
class RolledBack<T> extends Error {
  constructor(readonly answer: T) {
    super("rolled back");
  }
}

/**
 * `fn`'s answer, computed in a transaction that is then rolled back: a dry run or a preview
 * takes the snapshot a launch would take, counts it and leaves nothing behind.
 */
export async function inRolledBackTransaction<T>(ctx: Ctx, fn: (tx: Ctx) => Promise<T>): Promise<T> {
  try {
    await inTransaction(ctx, async (tx) => {
      throw new RolledBack(await fn(tx));
    });
  } catch (err) {
    if (err instanceof RolledBack) return err.answer as T;
    throw err;
  }
  throw new Error("the rolled-back transaction returned");
}
