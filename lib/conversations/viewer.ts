import type { RowOf } from "../db/row-of";
import type { users } from "@/db/schema";
import { conversationScopes } from "../auth/access";
import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";
import { forbidden, unauthorized } from "../errors";

/** Who looks at the inbox: the whole business (an API key, an admin) or one user's share. */
export type Viewer =
  | { scope: "business"; userId: string | null }
  | { scope: "branch"; userId: string; branchId: string | null }
  | { scope: "own"; userId: string };

/**
 * The viewer of `ctx` in `businessId`, from the role table's conversation scopes. The user is
 * re-read, so a role or branch changed a moment ago applies at once and a disabled user sees
 * nothing.
 */
export async function loadViewer(ctx: Ctx, businessId: string): Promise<Viewer> {
  const a = ctx.actor;
  if (a.type === "api_key") {
    if (a.businessId !== businessId) throw unauthorized("The key does not belong to this business");
    return { scope: "business", userId: null };
  }
  if (a.type === "system") return { scope: "business", userId: null };
  const [u] = await rawQuery<Pick<RowOf<typeof users>, "role" | "branch_id" | "enabled">>(
    ctx.db,
    `SELECT role, branch_id, enabled FROM users WHERE business_id = $1 AND id = $2`,
    [businessId, a.id],
  );
  if (!u || !u.enabled || u.role === "OPERATOR") throw forbidden("Only the business's users see its inbox");
  const scope = conversationScopes[u.role as keyof typeof conversationScopes];
  if (scope === "branch") return { scope, userId: a.id, branchId: u.branch_id };
  return { scope, userId: a.id };
}

/**
 * A SQL condition on conversations aliased `c` that keeps what `viewer` sees, with its
 * parameters numbered from `first`. A team's supervisor sees the team's conversations whatever
 * its role.
 */
export function visibleWhere(viewer: Viewer, first: number): { sql: string; params: unknown[] } {
  if (viewer.scope === "business") return { sql: "true", params: [] };
  const me = `$${first}`;
  const supervised = `c.team_id IN (SELECT t.id FROM teams t WHERE t.business_id = c.business_id AND t.supervisor_id = ${me})`;
  const mine = `c.assignee_id = ${me}`;
  const unassignedOfMyTeams = `(c.assignee_id IS NULL AND (c.team_id IS NULL OR c.team_id IN
    (SELECT m.team_id FROM team_members m WHERE m.business_id = c.business_id AND m.user_id = ${me})))`;
  if (viewer.scope === "own")
    return { sql: `(${mine} OR ${unassignedOfMyTeams} OR ${supervised})`, params: [viewer.userId] };
  const branch = `$${first + 1}`;
  const ofBranch = `(c.team_id IN (SELECT t.id FROM teams t WHERE t.business_id = c.business_id AND t.branch_id = ${branch})
    OR c.assignee_id IN (SELECT u.id FROM users u WHERE u.business_id = c.business_id AND u.branch_id = ${branch}))`;
  return {
    sql: `(${mine} OR ${unassignedOfMyTeams} OR ${supervised} OR ${ofBranch})`,
    params: [viewer.userId, viewer.branchId],
  };
}

/** Whether the viewer may reassign a conversation it sees: anyone beyond its own share. */
export async function mayReassign(
  ctx: Ctx,
  viewer: Viewer,
  conv: { business_id: string; team_id: string | null; assignee_id: string | null },
): Promise<boolean> {
  if (viewer.scope !== "own") return true;
  if (!conv.team_id) return false;
  const [row] = await rawQuery(
    ctx.db,
    `SELECT 1 FROM teams WHERE business_id = $1 AND id = $2 AND supervisor_id = $3`,
    [conv.business_id, conv.team_id, viewer.userId],
  );
  return Boolean(row);
}
