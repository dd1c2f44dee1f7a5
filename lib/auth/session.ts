import { auth } from "@/auth";
import { systemCtx } from "../context";
import { env } from "../env";
import { isUuid } from "../ids";
import { keepSessionEnded } from "../users/end-session";
import { findSessionUser } from "../users/find-session-user";
import type { SessionUser } from "../users/schemas";

/** A next-auth session's user, re-read from the database; null when none, disabled or expired. */
export async function sessionUserOf(session: unknown): Promise<SessionUser | null> {
  const s = session as { uid?: string; sv?: number; sid?: string } | null | undefined;
  if (!s?.uid || typeof s.sv !== "number") return null;
  const sid = typeof s.sid === "string" && isUuid(s.sid) ? s.sid : null;
  const user = await findSessionUser(systemCtx(), s.uid, s.sv, sid);
  // Refused (a rare path): if it was signed out, it stays so as long as it is presented.
  if (!user && sid) await keepSessionEnded(systemCtx(), sid, env().SESSION_MAX_AGE);
  return user;
}

/** The signed-in user, re-read from the database; null when signed out, disabled or expired. */
export async function currentUser(): Promise<SessionUser | null> {
  return sessionUserOf(await auth());
}
