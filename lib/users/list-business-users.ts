import { and, asc, eq, inArray, ne, or } from "drizzle-orm";
import { users } from "@/db/schema";
import type { Ctx } from "../context";
import type { UserDetails } from "./business-user-schemas";
import { canManageUser, loadActingUser } from "./user-permissions";
import { userDetails } from "./user-details";

export type ListedUser = UserDetails & {
  manageable: boolean;
  /** The actor may set this user's status (G2 userStatus): a user it manages, enabled. */
  statusEditable: boolean;
  /** The actor may turn this user's calling on or off: a user it manages, or itself as a business admin. */
  callingEditable: boolean;
  updatedAt: Date;
};

/**
 * The users the actor may see: admins and managers see everybody, a branch admin its branch,
 * an agent only itself. `manageable`, `statusEditable` and `callingEditable` tell the dashboard
 * which rows get which controls; the domain functions check the same rules again.
 */
export async function listBusinessUsers(
  ctx: Ctx,
  businessId: string,
  opts: { roles?: UserDetails["role"][] } = {},
): Promise<ListedUser[]> {
  const actor = await loadActingUser(ctx, businessId);
  const where = [eq(users.businessId, businessId), ne(users.role, "OPERATOR")];
  if (opts.roles?.length) where.push(inArray(users.role, opts.roles as (typeof users.$inferSelect.role)[]));
  if (actor.role === "AGENT") where.push(eq(users.id, actor.id));
  if (actor.role === "BRANCH_ADMIN") {
    // Without a branch, only itself (a NUL "no branch" value is refused by Postgres: a 500).
    where.push(
      actor.branchId === null
        ? eq(users.id, actor.id)
        : or(eq(users.id, actor.id), eq(users.branchId, actor.branchId))!,
    );
  }
  const rows = await ctx.db
    .select()
    .from(users)
    .where(and(...where))
    .orderBy(asc(users.firstName), asc(users.email));
  return rows.map((u) => {
    const manageable = u.id !== actor.id && canManageUser(actor, u);
    return {
      ...userDetails(u),
      manageable,
      statusEditable: manageable && u.enabled,
      // The same rules as setCallingEnabled: so the only business admin can call too.
      callingEditable: manageable || (u.id === actor.id && actor.role === "BUSINESS_ADMIN"),
      updatedAt: u.updatedAt,
    };
  });
}
