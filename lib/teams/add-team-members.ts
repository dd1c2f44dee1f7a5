import { z } from "zod";
import { inTransaction, type Ctx } from "../context";
import { addTeamMember } from "./add-team-member";
import type { TeamDetails } from "./schemas";

/** The team page's "Add members": several users in one step, under the team's supervisor. */
export const addTeamMembersInput = z.object({
  userIds: z.array(z.string().uuid("Must be a user id")).min(1, "Pick at least one user").max(200),
  supervisorId: z.string().uuid("Must be a user id"),
});
export type AddTeamMembersInput = z.input<typeof addTeamMembersInput>;

/**
 * Adds every user in one transaction (G7's rules for each: a member added twice is updated, a
 * branch admin adds only users it manages): all are added or, on the first refusal, none.
 */
export async function addTeamMembers(
  ctx: Ctx,
  businessId: string,
  teamId: string,
  raw: AddTeamMembersInput,
): Promise<TeamDetails> {
  const input = addTeamMembersInput.parse(raw);
  return inTransaction(ctx, async (tx) => {
    let details: TeamDetails | undefined;
    for (const userId of [...new Set(input.userIds)])
      details = await addTeamMember(tx, businessId, teamId, { userId, supervisorId: input.supervisorId });
    return details!;
  });
}
