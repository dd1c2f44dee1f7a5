import { randomBytes } from "node:crypto";
import { and, count, eq, inArray } from "drizzle-orm";
import { users } from "@/db/schema";
import { createApiKey } from "../api-keys/create-api-key";
import { inTransaction, type Ctx } from "../context";
import { conflict } from "../errors";
import { rawQuery } from "../db/sql";
import { createDashboardUser } from "./create-dashboard-user";
import { firstAdminInput, type FirstAdminCreated, type FirstAdminForm } from "./first-admin-schemas";
import { getBusiness } from "../businesses/list-businesses";

/** 16 characters from an alphabet without look-alikes (0/O, 1/l/I): read aloud or retyped. */
function temporaryPassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  return [...randomBytes(16)].map((b) => alphabet[b % alphabet.length]).join("");
}

/**
 * What `admin:create` and `key:create` of the CLI do, from the console, in one transaction: a
 * business admin with a temporary password (to be replaced at first sign-in) and an API key.
 * Only for a business without an admin: after that its admins manage users and keys themselves.
 */
export async function createFirstAdmin(ctx: Ctx, raw: FirstAdminForm): Promise<FirstAdminCreated> {
  const input = firstAdminInput.parse(raw);
  await getBusiness(ctx, input.businessId); // 404 for an unknown business
  const password = temporaryPassword();
  return inTransaction(ctx, async (tx) => {
    // Two operators clicking at once: the second waits here, then finds the first's admin.
    await rawQuery(tx.db, `SELECT 1 FROM businesses WHERE id = $1 FOR UPDATE`, [input.businessId]);
    const [existing] = await tx.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.businessId, input.businessId), eq(users.role, "BUSINESS_ADMIN")));
    if ((existing?.n ?? 0) > 0)
      throw conflict("This business already has an admin: its admins add users and API keys themselves");
    const user = await createDashboardUser(tx, {
      businessId: input.businessId,
      role: "BUSINESS_ADMIN",
      email: input.email,
      password,
      firstName: input.firstName,
      lastName: input.lastName || undefined,
      mustChangePassword: true,
    });
    const key = await createApiKey(tx, { businessId: input.businessId, name: input.keyName });
    return {
      userId: user.id,
      email: user.email,
      temporaryPassword: password,
      apiKey: { id: key.id, name: key.name, key: key.key },
    };
  });
}

/** How many business admins each business has (the console offers a first admin at 0). */
export async function countBusinessAdmins(ctx: Ctx, businessIds: string[]): Promise<Record<string, number>> {
  if (businessIds.length === 0) return {};
  const rows = await ctx.db
    .select({ businessId: users.businessId, n: count() })
    .from(users)
    .where(and(inArray(users.businessId, businessIds), eq(users.role, "BUSINESS_ADMIN")))
    .groupBy(users.businessId);
  return Object.fromEntries(rows.map((r) => [r.businessId!, r.n]));
}
