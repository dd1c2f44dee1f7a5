import type { Ctx } from "../context";
import { rawQuery } from "../db/sql";

export type InboxAgent = { id: string; name: string; role: string; status: string };
export type InboxTeam = { id: string; name: string };

/**
 * What the inbox's filters and assign control offer: the business's teams and its enabled
 * users (who may hold a conversation), each with its status so a supervisor sees who is Away;
 * and the teams `userId` supervises (a supervisor reassigns their conversations whatever its role).
 */
export async function inboxOptions(
  ctx: Ctx,
  businessId: string,
  userId: string,
): Promise<{ teams: InboxTeam[]; agents: InboxAgent[]; supervisedTeams: string[]; supervises: boolean }> {
  const [teams, agents] = await Promise.all([
    rawQuery<InboxTeam & { supervisor_id: string }>(
      ctx.db,
      `SELECT id, name, supervisor_id FROM teams WHERE business_id = $1 ORDER BY lower(name)`,
      [businessId],
    ),
    rawQuery<InboxAgent>(
      ctx.db,
      `SELECT id, trim(first_name || ' ' || coalesce(last_name, '')) AS name, role, status FROM users
       WHERE business_id = $1 AND enabled AND role <> 'OPERATOR' ORDER BY lower(first_name), email`,
      [businessId],
    ),
  ]);
  const supervisedTeams = teams.filter((t) => t.supervisor_id === userId).map((t) => t.id);
  return {
    teams: teams.map((t) => ({ id: t.id, name: t.name })),
    agents,
    supervisedTeams,
    supervises: supervisedTeams.length > 0,
  };
}
