import { and, asc, eq } from "drizzle-orm";
import { teams } from "@/db/schema";
import type { Ctx } from "../context";
import { canManageTeam, loadActingUser } from "../users/user-permissions";
import type { TeamDetails } from "./schemas";
import { teamDetails } from "./team-details";

/** Teams with their members for the dashboard; a branch admin sees its branch's teams. */
export async function listTeams(
  ctx: Ctx,
  businessId: string,
): Promise<(TeamDetails & { manageable: boolean })[]> {
  const actor = await loadActingUser(ctx, businessId);
  const where = [eq(teams.businessId, businessId)];
  if (actor.role === "AGENT") return [];
  if (actor.role === "BRANCH_ADMIN") {
    // Without a branch it has no teams (a NUL "no branch" value was a Postgres 500).
    if (actor.branchId === null) return [];
    where.push(eq(teams.branchId, actor.branchId));
  }
  const rows = await ctx.db
    .select()
    .from(teams)
    .where(and(...where))
    .orderBy(asc(teams.name));
  const out = [];
  for (const t of rows) out.push({ ...(await teamDetails(ctx, t)), manageable: canManageTeam(actor, t) });
  return out;
}
