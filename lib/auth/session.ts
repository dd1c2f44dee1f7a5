import { auth } from "@/auth";
import { systemCtx } from "../context";
import { findSessionUser } from "../users/find-session-user";
import type { SessionUser } from "../users/schemas";

/** The signed-in user, re-read from the database; null when signed out, disabled or expired. */
export async function currentUser(): Promise<SessionUser | null> {
  const session = (await auth()) as { uid?: string; sv?: number } | null;
  if (!session?.uid || typeof session.sv !== "number") return null;
  return findSessionUser(systemCtx(), session.uid, session.sv);
}
