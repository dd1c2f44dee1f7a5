import { inTransaction, type Ctx } from "../context";
import { invalid } from "../errors";
import { dashboardUserForm, type DashboardUserForm, type UserDetails } from "../users/business-user-schemas";
import { createBusinessUser } from "../users/create-business-user";
import { addTeamMember } from "./add-team-member";
import { findTeam } from "./team-details";

/**
 * The dashboard's "Create user": the user (G1's rules, phone optional, its first status) and,
 * when a team is picked, its membership under the team's supervisor, in one transaction.
 */
export async function createTeamMemberUser(
  ctx: Ctx,
  businessId: string,
  raw: DashboardUserForm,
): Promise<UserDetails> {
  const { teamId, ...input } = dashboardUserForm.parse(raw);
  return inTransaction(ctx, async (tx) => {
    const created = await createBusinessUser(tx, businessId, input);
    if (teamId) {
      const team = await findTeam(tx, businessId, teamId).catch(() => {
        throw invalid("teamId is not a team of this business", [{ path: "teamId", message: "Unknown team" }]);
      });
      await addTeamMember(tx, businessId, team.id, {
        userId: created.userId,
        supervisorId: team.supervisorId,
      });
    }
    return created;
  });
}
