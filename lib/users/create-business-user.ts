import { users } from "@/db/schema";
import { hashPassword } from "./passwords";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { conflict, invalid, isUniqueViolation } from "../errors";
import { uuidv7 } from "../ids";
import { newBusinessUserInput, type NewBusinessUserInput, type UserDetails } from "./business-user-schemas";
import { getDefaultCountry } from "../businesses/get-default-country";
import { requireTypedPhone } from "../phone/typed-phones";
import { assertCanManageUser, loadActingUser } from "./user-permissions";
import { findBusinessUser, userDetails } from "./user-details";

/**
 * G1. With `temporaryPassword` the user can sign in with it once and must then choose its own
 * (mustChangePassword); without it the user has no password and cannot sign in to the
 * dashboard until an admin sets one (the API still knows it by e-mail). A branch admin's
 * users land in its own branch. `phoneNumber` may be national (the business's default
 * country) and is stored and answered as E.164 digits; G1 requires it, the dashboard does not
 * (a chat-only agent has no phone: docs/decisions/inbox-page.md).
 */
export async function createBusinessUser(
  ctx: Ctx,
  businessId: string,
  raw: NewBusinessUserInput,
): Promise<UserDetails> {
  const input = newBusinessUserInput.parse(raw);
  const passwordHash = input.temporaryPassword ? await hashPassword(input.temporaryPassword) : null;
  try {
    return await inTransaction(ctx, async (tx) => {
      const actor = await loadActingUser(tx, businessId);
      const phoneNumber = input.phoneNumber
        ? requireTypedPhone(input.phoneNumber, await getDefaultCountry(tx, businessId), "phoneNumber")
        : null;
      const branchId = input.branchId ?? (actor.role === "BRANCH_ADMIN" ? actor.branchId : null);
      assertCanManageUser(
        actor,
        { role: input.role, branchId },
        `create a ${input.role} user in this branch`,
      );
      if (input.supervisorId) {
        await findBusinessUser(tx, businessId, input.supervisorId).catch(() => {
          throw invalid("supervisorId is not a user of this business", [
            { path: "supervisorId", message: "Unknown user" },
          ]);
        });
      }
      const [row] = await tx.db
        .insert(users)
        .values({
          id: uuidv7(),
          businessId,
          email: input.emailId,
          passwordHash,
          role: input.role,
          firstName: input.firstName,
          lastName: input.lastName ?? null,
          phoneNumber,
          status: input.userStatus,
          supervisorId: input.supervisorId ?? null,
          branchId,
          mustChangePassword: passwordHash !== null,
        })
        .returning();
      await recordAudit(tx, {
        businessId,
        action: "user.create",
        targetType: "user",
        targetId: row!.id,
        data: { email: input.emailId, role: input.role, branchId },
      });
      return userDetails(row!);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`A user with the e-mail ${input.emailId} already exists`);
    throw err;
  }
}
