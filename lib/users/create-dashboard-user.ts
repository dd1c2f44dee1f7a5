import { users } from "@/db/schema";
import { hashPassword } from "./passwords";
import { recordAudit } from "../audit/record-audit";
import { inTransaction, type Ctx } from "../context";
import { invalid } from "../errors";
import { uuidv7 } from "../ids";
import { createDashboardUserInput, type CreateDashboardUserInput } from "./schemas";

/** Creates an operator (no business) or a business user who can sign in to the dashboard. */
export async function createDashboardUser(
  ctx: Ctx,
  raw: CreateDashboardUserInput,
): Promise<{ id: string; email: string }> {
  const input = createDashboardUserInput.parse(raw);
  if ((input.role === "OPERATOR") !== (input.businessId === null)) {
    throw invalid("Operators have no business; every other role belongs to one", [
      { path: "businessId", message: "Does not fit the role" },
    ]);
  }
  const id = uuidv7();
  const passwordHash = await hashPassword(input.password);
  await inTransaction(ctx, async (tx) => {
    await tx.db.insert(users).values({
      id,
      businessId: input.businessId,
      email: input.email,
      passwordHash,
      role: input.role,
      firstName: input.firstName,
      lastName: input.lastName,
      phoneNumber: input.phoneNumber,
      mustChangePassword: input.mustChangePassword,
    });
    await recordAudit(tx, {
      businessId: input.businessId,
      action: "user.create",
      targetType: "user",
      targetId: id,
      data: { email: input.email, role: input.role },
    });
  });
  return { id, email: input.email };
}
