import { sql } from "drizzle-orm";
import { teamMembers } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { forbidden, invalid } from "../errors";
import { findBusinessUser } from "../users/user-details";
import { canManageTeam, canManageUser, loadActingUser } from "../users/user-permissions";
import { addTeamMemberInput, type AddTeamMemberInput, type TeamDetails } from "./schemas";
import { findTeam, teamDetails } from "./team-details";

/**
 * G7. Adding a member twice is not an error: the second call updates its supervisor and
 * description (a retried request must not fail). A branch admin adds only users it manages.
 */
export async function addTeamMember(
  ctx: Ctx,
  businessId: string,
  teamId: string,
  raw: AddTeamMemberInput,
): Promise<TeamDetails> {
  const input = addTeamMemberInput.parse(raw);
  return inTransaction(ctx, async (tx) => {
    const actor = await loadActingUser(tx, businessId);
    const team = await findTeam(tx, businessId, teamId);
    if (!canManageTeam(actor, team)) throw forbidden(`Your role (${actor.role}) may not change this team`);
    const member = await findBusinessUser(tx, businessId, input.userId).catch(() => {
      throw invalid("userId is not a user of this business", [{ path: "userId", message: "Unknown user" }]);
    });
    await findBusinessUser(tx, businessId, input.supervisorId).catch(() => {
      throw invalid("supervisorId is not a user of this business", [
        { path: "supervisorId", message: "Unknown user" },
      ]);
    });
    if (actor.role === "BRANCH_ADMIN" && member.id !== actor.id && !canManageUser(actor, member)) {
      throw forbidden("You may add only users of your branch");
    }
    await tx.db
      .insert(teamMembers)
      .values({
        businessId,
        teamId: team.id,
        userId: member.id,
        supervisorId: input.supervisorId,
        description: input.description ?? null,
      })
      .onConflictDoUpdate({
        target: [teamMembers.teamId, teamMembers.userId],
        set: { supervisorId: input.supervisorId, description: sql`excluded.description` },
      });
    await recordAudit(tx, {
      businessId,
      action: "team.member.add",
      targetType: "team",
      targetId: team.id,
      data: { userId: member.id },
    });
    return teamDetails(tx, team);
  });
}
