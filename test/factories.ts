import { randomBytes } from "node:crypto";
import { createApiKey } from "../lib/api-keys/create-api-key";
import { createBusiness } from "../lib/businesses/create-business";
import type { BusinessView } from "../lib/businesses/schemas";
import { systemCtx } from "../lib/context";
import { createDashboardUser } from "../lib/users/create-dashboard-user";

export const uniq = () => randomBytes(4).toString("hex");

export type TestBusiness = {
  business: BusinessView;
  apiKey: string;
  keyId: string;
  admin: { id: string; email: string; password: string };
};

/**
 * A fresh business with both channels on the simulator, an admin user and an API key; no
 * default country unless given (numbers need their country code).
 */
export async function createTestBusiness(
  name = `Test ${uniq()}`,
  opts: { defaultCountry?: string | null } = {},
): Promise<TestBusiness> {
  const ctx = systemCtx("test");
  const business = await createBusiness(ctx, { name, defaultCountry: opts.defaultCountry ?? null });
  const password = `pw-${uniq()}-${uniq()}`;
  const admin = await createDashboardUser(ctx, {
    businessId: business.id,
    role: "BUSINESS_ADMIN",
    email: `admin-${uniq()}@example.test`,
    password,
    firstName: "Ada",
    phoneNumber: "919900000001",
  });
  const key = await createApiKey(ctx, { businessId: business.id, name: "test" });
  return { business, apiKey: key.key, keyId: key.id, admin: { ...admin, password } };
}

/** A business user inserted directly (role, branch, calling flag as given); no password. */
export async function createTestUser(
  businessId: string,
  opts: {
    role?: "BUSINESS_ADMIN" | "MANAGER" | "AGENT" | "BRANCH_ADMIN";
    branchId?: string | null;
    callingEnabled?: boolean;
    phoneNumber?: string | null;
    status?: "Available" | "Busy" | "InCall" | "Away" | "Disabled";
  } = {},
): Promise<{ id: string; email: string }> {
  const { db } = await import("../lib/db/pool");
  const { users } = await import("../db/schema");
  const { uuidv7 } = await import("../lib/ids");
  const id = uuidv7();
  const email = `${(opts.role ?? "AGENT").toLowerCase()}-${uniq()}@example.test`;
  await db()
    .insert(users)
    .values({
      id,
      businessId,
      email,
      role: opts.role ?? "AGENT",
      firstName: "Test",
      branchId: opts.branchId ?? null,
      callingEnabled: opts.callingEnabled ?? false,
      phoneNumber: opts.phoneNumber === undefined ? "919900000002" : opts.phoneNumber,
      status: opts.status ?? "Available",
    });
  return { id, email };
}
