import { and, eq, isNull, notExists, or } from "drizzle-orm";
import { businesses, endedSessions, users } from "@/db/schema";
import type { Ctx } from "../context";
import { toSessionUser } from "./authenticate-user";
import type { SessionUser } from "./schemas";

/**
 * Re-reads a session's user on every dashboard request: a disabled user, one whose sessions
 * were invalidated (session_version bumped), a session that signed out (`sid` in
 * ended_sessions), or a user of a business the operator disabled is signed out at once
 * (operators belong to no business). Sessions made before session ids existed have none.
 */
export async function findSessionUser(
  ctx: Ctx,
  id: string,
  sessionVersion: number,
  sid: string | null = null,
): Promise<SessionUser | null> {
  const [row] = await ctx.db
    .select({ user: users })
    .from(users)
    .leftJoin(businesses, eq(businesses.id, users.businessId))
    .where(
      and(
        eq(users.id, id),
        eq(users.enabled, true),
        eq(users.sessionVersion, sessionVersion),
        or(isNull(users.businessId), eq(businesses.enabled, true)),
        sid
          ? notExists(
              ctx.db.select({ sid: endedSessions.sid }).from(endedSessions).where(eq(endedSessions.sid, sid)),
            )
          : undefined,
      ),
    );
  return row ? toSessionUser(row.user) : null;
}
