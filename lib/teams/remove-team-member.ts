import { and, eq } from "drizzle-orm";
import { teamMembers } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { forbidden, notFound } from "../errors";
import { isUuid } from "../ids";
import { canManageTeam, loadActingUser } from "../users/user-permissions";
import type { TeamDetails } from "./schemas";
import { findTeam, teamDetails } from "./team-details";

/** G8. `memberId` is the member's user id; a user who is not in the team is a 404. */
export async function removeTeamMember(
  ctx: Ctx,
  businessId: string,
  teamId: string,
  memberId: string,
): Promise<TeamDetails> {
  return inTransaction(ctx, async (tx) => {
    const actor = await loadActingUser(tx, businessId);
    const team = await findTeam(tx, businessId, teamId);
    if (!canManageTeam(actor, team)) throw forbidden(`Your role (${actor.role}) may not change this team`);
    if (!isUuid(memberId)) throw notFound("Team member");
    const removed = await tx.db
      .delete(teamMembers)
      .where(
        and(
          eq(teamMembers.businessId, businessId),
          eq(teamMembers.teamId, team.id),
          eq(teamMembers.userId, memberId),
        ),
      )
      .returning({ userId: teamMembers.userId });
    if (removed.length === 0) throw notFound("Team member");
    await recordAudit(tx, {
      businessId,
      action: "team.member.remove",
      targetType: "team",
      targetId: team.id,
      data: { userId: memberId },
    });
    return teamDetails(tx, team);
  });
}
