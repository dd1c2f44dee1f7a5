import { teams } from "@/db/schema";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { conflict, forbidden, invalid, isUniqueViolation } from "../errors";
import { uuidv7 } from "../ids";
import { findBusinessUser } from "../users/user-details";
import { canManageTeam, loadActingUser } from "../users/user-permissions";
import { createTeamInput, type CreateTeamInput, type TeamDetails } from "./schemas";

/**
 * G6. Team names are unique per business (case-insensitive): a second team of the same name
 * is a 409. A branch admin's team belongs to its branch, and so must its supervisor.
 */
export async function createTeam(ctx: Ctx, businessId: string, raw: CreateTeamInput): Promise<TeamDetails> {
  const input = createTeamInput.parse(raw);
  try {
    return await inTransaction(ctx, async (tx) => {
      const actor = await loadActingUser(tx, businessId);
      const branchId = actor.role === "BRANCH_ADMIN" ? actor.branchId : null;
      if (!canManageTeam(actor, { branchId }))
        throw forbidden(`Your role (${actor.role}) may not create teams`);
      const supervisor = await findBusinessUser(tx, businessId, input.supervisorId).catch(() => {
        throw invalid("supervisorId is not a user of this business", [
          { path: "supervisorId", message: "Unknown user" },
        ]);
      });
      if (branchId !== null && supervisor.branchId !== branchId) {
        throw forbidden("The supervisor must belong to your branch");
      }
      const id = uuidv7();
      const [row] = await tx.db
        .insert(teams)
        .values({
          id,
          businessId,
          name: input.teamName,
          supervisorId: supervisor.id,
          description: input.description,
          branchId,
        })
        .returning();
      await recordAudit(tx, {
        businessId,
        action: "team.create",
        targetType: "team",
        targetId: id,
        data: { name: input.teamName, supervisorId: supervisor.id },
      });
      return {
        teamId: id,
        teamName: row!.name,
        supervisorId: row!.supervisorId,
        description: row!.description,
        branchId,
        members: [],
      };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`A team named "${input.teamName}" already exists`);
    throw err;
  }
}
