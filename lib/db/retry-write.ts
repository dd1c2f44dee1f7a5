import { log } from "../log";

/**
 * Whether `err` says the connection went, not that the statement was wrong: the server ended the
 * session (admin shutdown, a restart, a cut connection: SQLSTATE classes 08 and 57P), it takes
 * no connections for now (too many, or closed to them), or the socket closed under the driver.
 */
export function isConnectionLoss(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  if (typeof e?.code === "string" && (/^08/.test(e.code) || /^57P0[1-3]$/.test(e.code) || e.code === "53300"))
    return true;
  // A database that does not take connections for now (ALTER DATABASE ... ALLOW_CONNECTIONS false).
  if (e?.code === "55000" && /not currently accepting connections/.test(e.message ?? "")) return true;
  if (e?.code === "ECONNRESET" || e?.code === "ECONNREFUSED" || e?.code === "EPIPE") return true;
  return /Connection terminated|connection (is )?closed|Client has encountered a connection error/i.test(
    e?.message ?? "",
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs a write that records what already happened outside the database (a callback a receiver
 * took, a message a provider accepted): if the connection is lost under it, the write is tried
 * again on a new connection (the pool opens one) for up to `withinMs`, so the fact is kept
 * rather than done again once the lease runs out. Any other error is the caller's at once. The
 * write must be all or nothing (one statement, or one transaction), so a retry never doubles it.
 */
export async function retryOnConnectionLoss<T>(
  what: string,
  write: () => Promise<T>,
  withinMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (!isConnectionLoss(err) || Date.now() + 250 * attempt > deadline) throw err;
      log.warn({ err, attempt }, `${what}: the database connection was lost; writing it again`);
      await sleep(Math.min(2_000, 100 * 2 ** attempt));
    }
  }
}
