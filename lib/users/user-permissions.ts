import type { Ctx } from "../context";
import { AppError, forbidden, unauthorized } from "../errors";
import { findBusinessUser, type UserRow } from "./user-details";

type Role = UserRow["role"];
export type ActingUser = Pick<UserRow, "id" | "role" | "branchId" | "businessId" | "enabled">;
type Target = { id?: string; role: Role; branchId: string | null };

/**
 * The role matrix of docs/decisions/users-and-teams-rules.md: may `actor` manage (create,
 * change, enable, disable) a user like `target`? A business admin manages everybody, a
 * manager everybody but business admins, a branch admin agents and branch admins of its own
 * branch, an agent nobody. Acting on oneself has its own rules (see the callers).
 */
export function canManageUser(actor: ActingUser, target: Target): boolean {
  switch (actor.role) {
    case "BUSINESS_ADMIN":
      return true;
    case "MANAGER":
      return target.role !== "BUSINESS_ADMIN";
    case "BRANCH_ADMIN":
      return (
        actor.branchId !== null &&
        target.branchId === actor.branchId &&
        (target.role === "AGENT" || target.role === "BRANCH_ADMIN")
      );
    default:
      return false;
  }
}

export function assertCanManageUser(actor: ActingUser, target: Target, what = "manage this user"): void {
  if (!canManageUser(actor, target)) {
    throw forbidden(`Your role (${actor.role}) may not ${what}`);
  }
}

/** Teams: admins and managers manage every team; a branch admin the teams of its branch. */
export function canManageTeam(actor: ActingUser, team: { branchId: string | null }): boolean {
  if (actor.role === "BUSINESS_ADMIN" || actor.role === "MANAGER") return true;
  return actor.role === "BRANCH_ADMIN" && actor.branchId !== null && team.branchId === actor.branchId;
}

/**
 * The acting user of a G request, re-read (and locked when asked) in the caller's transaction,
 * so a user disabled a moment ago cannot act.
 */
export async function loadActingUser(ctx: Ctx, businessId: string, forUpdate = false): Promise<ActingUser> {
  if (ctx.actor.type !== "user") throw unauthorized("A user must act here");
  const u = await findBusinessUser(ctx, businessId, ctx.actor.id, { forUpdate }).catch((err: unknown) => {
    if (err instanceof AppError && err.code === "not_found") return null;
    throw err;
  });
  if (!u || !u.enabled) throw unauthorized("The email is not an active user of this business");
  return u;
}
