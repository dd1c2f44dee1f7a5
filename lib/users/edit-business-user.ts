import { and, eq, sql } from "drizzle-orm";
import { users } from "@/db/schema";
import { hashPassword } from "./passwords";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { AppError, forbidden, invalid } from "../errors";
import { editBusinessUserInput, type EditBusinessUserInput, type UserDetails } from "./business-user-schemas";
import { getDefaultCountry } from "../businesses/get-default-country";
import { requireTypedPhone } from "../phone/typed-phones";
import { assertCanManageUser, loadActingUser } from "./user-permissions";
import { findBusinessUser, userDetails } from "./user-details";

/**
 * Dashboard edit of a user: names, phone, role, supervisor, branch, and optionally a new
 * temporary password (the user must change it at its next sign-in). The actor must be allowed
 * to manage the user both as it is and as it will be, so nobody grants a role above its own.
 * On oneself: the same role and branch, and (as G2 rules) only a business admin changes its
 * own calling number.
 */
export async function editBusinessUser(
  ctx: Ctx,
  businessId: string,
  raw: EditBusinessUserInput,
): Promise<UserDetails> {
  const input = editBusinessUserInput.parse(raw);
  const passwordHash = input.temporaryPassword ? await hashPassword(input.temporaryPassword) : undefined;
  return inTransaction(ctx, async (tx) => {
    const actor = await loadActingUser(tx, businessId);
    const target = await findBusinessUser(tx, businessId, input.userId, { forUpdate: true });
    const branchId = input.branchId ?? null;
    const phoneNumber = requireTypedPhone(
      input.phoneNumber,
      await getDefaultCountry(tx, businessId),
      "phoneNumber",
    );
    if (target.id === actor.id) {
      if (input.role !== target.role || branchId !== target.branchId) {
        throw forbidden("You cannot change your own role or branch");
      }
      // The number is the first leg of the user's calls: the same rule as G2 callingEnabled.
      if (phoneNumber !== target.phoneNumber && actor.role !== "BUSINESS_ADMIN") {
        throw new AppError(
          "forbidden",
          "Only a business admin may change its own calling number; ask an admin to change it",
          [{ path: "phoneNumber", message: "Ask an admin to change your number" }],
        );
      }
    } else {
      assertCanManageUser(actor, target, "edit this user");
      assertCanManageUser(
        actor,
        { role: input.role, branchId },
        `make this user a ${input.role} in this branch`,
      );
    }
    if (input.supervisorId) {
      if (input.supervisorId === target.id) {
        throw invalid("A user cannot supervise itself", [
          { path: "supervisorId", message: "Choose another user" },
        ]);
      }
      await findBusinessUser(tx, businessId, input.supervisorId).catch(() => {
        throw invalid("supervisorId is not a user of this business", [
          { path: "supervisorId", message: "Unknown user" },
        ]);
      });
    }
    const [row] = await tx.db
      .update(users)
      .set({
        firstName: input.firstName,
        lastName: input.lastName ?? null,
        phoneNumber,
        role: input.role,
        supervisorId: input.supervisorId ?? null,
        branchId,
        ...(passwordHash
          ? { passwordHash, mustChangePassword: true, sessionVersion: sql`${users.sessionVersion} + 1` }
          : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(users.id, target.id), eq(users.businessId, businessId)))
      .returning();
    await recordAudit(tx, {
      businessId,
      action: "user.edit",
      targetType: "user",
      targetId: target.id,
      data: { role: input.role, branchId, passwordReset: Boolean(passwordHash) },
    });
    return userDetails(row!);
  });
}
