import { and, eq } from "drizzle-orm";
import { users } from "@/db/schema";
import type { Ctx } from "../context";
import { notFound } from "../errors";
import { isUuid } from "../ids";
import type { UserDetails } from "./business-user-schemas";

export type UserRow = typeof users.$inferSelect;

export function userDetails(u: UserRow): UserDetails {
  return {
    userId: u.id,
    emailId: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    phoneNumber: u.phoneNumber,
    role: u.role,
    supervisorId: u.supervisorId,
    branchId: u.branchId,
    userStatus: u.status,
    callingEnabled: u.callingEnabled,
    enabled: u.enabled,
    mustChangePassword: u.mustChangePassword,
    canSignIn: u.enabled && u.passwordHash !== null,
  };
}

/**
 * A user of `businessId`, or 404: a foreign or malformed id looks exactly like a missing one.
 * `forUpdate` locks the row for the caller's transaction.
 */
export async function findBusinessUser(
  ctx: Ctx,
  businessId: string,
  userId: string,
  opts: { forUpdate?: boolean; label?: string } = {},
): Promise<UserRow> {
  if (!isUuid(userId)) throw notFound(opts.label ?? "User");
  const q = ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.businessId, businessId)));
  const [u] = opts.forUpdate ? await q.for("update") : await q;
  if (!u) throw notFound(opts.label ?? "User");
  return u;
}
