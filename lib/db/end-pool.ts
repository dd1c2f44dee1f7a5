import type pg from "pg";

/**
 * Ends `pool` and waits until every one of its connections has closed. pg-pool's own end()
 * resolves once its clients are out of its lists, with their sockets still closing: a database
 * stopped right after (the embedded one, at a restore or a shutdown) terminates those
 * connections ("terminating connection due to administrator command"), and the pool re-emits
 * that as an 'error' no one listens to any more, which ends the process. Errors of connections
 * that are going away anyway are dropped here. A connection whose close is never reported (one
 * that failed while connecting leaves the pool without a 'remove') is waited for `waitMs` at most.
 */
export async function endPool(pool: pg.Pool, waitMs = 5_000): Promise<void> {
  pool.on("error", () => undefined);
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on("remove", () => {
      open -= 1;
      if (open <= 0) resolve();
    });
  });
  await pool.end();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([closed, new Promise<void>((r) => (timer = setTimeout(r, waitMs)))]);
  clearTimeout(timer);
}
