import { auth } from "@/auth";
import { systemCtx } from "../context";
import { findSessionUser } from "../users/find-session-user";
import type { SessionUser } from "../users/schemas";

/** A next-auth session's user, re-read from the database; null when none, disabled or expired. */
export async function sessionUserOf(session: unknown): Promise<SessionUser | null> {
  const s = session as { uid?: string; sv?: number } | null | undefined;
  if (!s?.uid || typeof s.sv !== "number") return null;
  return findSessionUser(systemCtx(), s.uid, s.sv);
}

/** The signed-in user, re-read from the database; null when signed out, disabled or expired. */
export async function currentUser(): Promise<SessionUser | null> {
  return sessionUserOf(await auth());
}
