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

/** A fresh business with both channels on the simulator, an admin user and an API key. */
export async function createTestBusiness(name = `Test ${uniq()}`): Promise<TestBusiness> {
  const ctx = systemCtx("test");
  const business = await createBusiness(ctx, { name });
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
