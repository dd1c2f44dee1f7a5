import { redirect } from "next/navigation";
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

/**
 * For pages and server actions: the user, or a redirect to sign-in. A user who must change
 * their password (new account, reset by an admin) is sent to /account/password first; only
 * that page passes `allowPasswordChange`.
 */
export async function requireUser(opts: { allowPasswordChange?: boolean } = {}): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) redirect("/login");
  if (user.mustChangePassword && !opts.allowPasswordChange) redirect("/account/password");
  return user;
}

/** A business user (admins, managers, agents, branch admins) with their business. */
export async function requireBusinessUser(): Promise<SessionUser & { businessId: string }> {
  const user = await requireUser();
  if (!user.businessId) redirect("/console/businesses");
  return user as SessionUser & { businessId: string };
}

export async function requireOperator(): Promise<SessionUser> {
  const user = await requireUser();
  if (user.role !== "OPERATOR") redirect("/");
  return user;
}
