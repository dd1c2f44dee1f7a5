import { and, eq } from "drizzle-orm";
import { users } from "@/db/schema";
import type { Ctx } from "../context";
import { toSessionUser } from "./authenticate-user";
import type { SessionUser } from "./schemas";

/**
 * Re-reads a session's user on every dashboard request: a disabled user, or one whose
 * sessions were invalidated (session_version bumped), is signed out at once.
 */
export async function findSessionUser(
  ctx: Ctx,
  id: string,
  sessionVersion: number,
): Promise<SessionUser | null> {
  const [u] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.enabled, true), eq(users.sessionVersion, sessionVersion)));
  return u ? toSessionUser(u) : null;
}
