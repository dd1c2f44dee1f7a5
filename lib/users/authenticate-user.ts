import { eq, sql } from "drizzle-orm";
import { businesses, users } from "@/db/schema";
import { verifyPassword } from "./passwords";
import type { Ctx } from "../context";
import { signInInput, type SessionUser } from "./schemas";

// Verifying against a fixed hash when the user is unknown keeps response time the same, so
// sign-in does not reveal which e-mails exist.
const DUMMY_HASH =
  "$argon2id$v=19$m=19456,t=2,p=1$yJEXdgFWajWLGFKxDi2n3w$R5VBtCoI+XDE3NZ3TYAC1re/8teBlKwUsh4YVSS+T9Q";

/** Checks an e-mail and password; null for unknown, wrong password, disabled user or business. */
export async function authenticateUser(ctx: Ctx, raw: unknown): Promise<SessionUser | null> {
  const parsed = signInInput.safeParse(raw);
  if (!parsed.success) return null;
  const { email, password } = parsed.data;
  const [row] = await ctx.db
    .select({ user: users, businessEnabled: businesses.enabled })
    .from(users)
    .leftJoin(businesses, eq(businesses.id, users.businessId))
    .where(sql`lower(${users.email}) = ${email}`);
  const stored = row?.user.passwordHash;
  // Always run one argon2 verification; a user without a password (created by the API without
  // temporaryPassword) can never sign in, whatever is typed.
  const ok = (await verifyPassword(stored ?? DUMMY_HASH, password)) && Boolean(stored);
  if (!ok || !row || !row.user.enabled || row.businessEnabled === false) return null;
  return toSessionUser(row.user);
}

export function toSessionUser(u: typeof users.$inferSelect): SessionUser {
  return {
    id: u.id,
    email: u.email,
    role: u.role,
    businessId: u.businessId,
    firstName: u.firstName,
    sessionVersion: u.sessionVersion,
    mustChangePassword: u.mustChangePassword,
  };
}
