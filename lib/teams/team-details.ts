import { and, asc, eq } from "drizzle-orm";
import { teamMembers, teams, users } from "@/db/schema";
import type { Ctx } from "../context";
import { notFound } from "../errors";
import { isUuid } from "../ids";
import type { TeamDetails } from "./schemas";

export type TeamRow = typeof teams.$inferSelect;

/** A team of `businessId`, or 404 (foreign and malformed ids look like missing ones). */
export async function findTeam(ctx: Ctx, businessId: string, teamId: string): Promise<TeamRow> {
  if (!isUuid(teamId)) throw notFound("Team");
  const [t] = await ctx.db
    .select()
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.businessId, businessId)));
  if (!t) throw notFound("Team");
  return t;
}

export async function teamDetails(ctx: Ctx, team: TeamRow): Promise<TeamDetails> {
  const members = await ctx.db
    .select({
      userId: users.id,
      emailId: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      userStatus: users.status,
      supervisorId: teamMembers.supervisorId,
      description: teamMembers.description,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.businessId, team.businessId)))
    .orderBy(asc(users.firstName));
  return {
    teamId: team.id,
    teamName: team.name,
    supervisorId: team.supervisorId,
    description: team.description,
    branchId: team.branchId,
    members,
  };
}
