import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { isUuid } from "../ids";

/**
 * Signs one dashboard session out for good: its id is remembered until the session would have
 * expired (`expiresAt`, the JWT's own expiry), so findSessionUser refuses it even if the
 * browser gets the cookie back (a response that was in flight re-sets it) or it was copied.
 * Also forgets sessions that have expired since, so the table holds only live ones.
 */
export async function endSession(
  ctx: Ctx,
  input: { sid: string; userId: string; expiresAt: Date },
): Promise<void> {
  if (!isUuid(input.sid)) return;
  await rawQuery(
    ctx.db,
    `WITH gone AS (DELETE FROM ended_sessions WHERE expires_at < now())
     INSERT INTO ended_sessions (sid, user_id, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (sid) DO NOTHING`,
    [input.sid, input.userId, input.expiresAt],
  );
}

/**
 * A signed-out session presented again (its cookie re-set by a response in flight, or copied):
 * its record is kept another `maxAgeSeconds`. next-auth renews a session's JWT on every page
 * load, even one that is refused, so the record must outlive the last renewal, or the session
 * would open pages again once the record is gone.
 */
export async function keepSessionEnded(ctx: Ctx, sid: string, maxAgeSeconds: number): Promise<void> {
  await rawQuery(
    ctx.db,
    `UPDATE ended_sessions SET expires_at = now() + make_interval(secs => $2) WHERE sid = $1`,
    [sid, maxAgeSeconds],
  );
}
