import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { users } from "@/db/schema";
import { createApiKey } from "../api-keys/create-api-key";
import { createBusiness } from "../businesses/create-business";
import type { Ctx } from "../context";
import { transaction } from "../db/sql";
import { env } from "../env";
import { createDashboardUser } from "../users/create-dashboard-user";

const SEED_LOCK = 7_300_214_002;

export type DemoCredentials = {
  operator: { email: string; password: string };
  admin: { email: string; password: string };
  businessId: string;
  apiKey: string;
};

const password = () => randomBytes(12).toString("base64url");

/**
 * On an empty database (no users at all) creates the operator account and a demo business
 * with both channels on the simulator, its admin and an API key. Returns the credentials so
 * the caller can print them once; returns null when the database already has users. Runs
 * under a transaction-scoped advisory lock so two instances starting together seed once.
 * DEMO_OPERATOR_PASSWORD / DEMO_ADMIN_PASSWORD fix the passwords (tests, demos).
 */
export async function seedDemo(ctx: Ctx): Promise<DemoCredentials | null> {
  return transaction(ctx.db, async (tx) => {
    const c: Ctx = { db: tx, actor: { type: "system", id: "seed" } };
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    const [{ n }] = (await tx.select({ n: sql<number>`count(*)::int` }).from(users)) as [{ n: number }];
    if (n > 0) return null;
    const cfg = env();
    const operator = { email: cfg.DEMO_OPERATOR_EMAIL, password: cfg.DEMO_OPERATOR_PASSWORD ?? password() };
    const admin = { email: cfg.DEMO_ADMIN_EMAIL, password: cfg.DEMO_ADMIN_PASSWORD ?? password() };
    await createDashboardUser(c, { businessId: null, role: "OPERATOR", firstName: "Operator", ...operator });
    const business = await createBusiness(c, { name: "Demo Business", defaultCountry: "IN" }); // the vendor's samples are Indian
    await createDashboardUser(c, {
      businessId: business.id,
      role: "BUSINESS_ADMIN",
      firstName: "Demo",
      lastName: "Admin",
      phoneNumber: "919900000001",
      ...admin,
    });
    const key = await createApiKey(c, { businessId: business.id, name: "Demo key" });
    return { operator, admin, businessId: business.id, apiKey: key.key };
  });
}

export function formatCredentials(creds: DemoCredentials, baseUrl: string): string {
  return [
    "",
    "  First start: created an operator and a demo business. Shown once; keep them.",
    `  Dashboard      ${baseUrl}/login`,
    `  Operator       ${creds.operator.email} / ${creds.operator.password}`,
    `  Demo admin     ${creds.admin.email} / ${creds.admin.password}`,
    `  Demo business  ${creds.businessId}`,
    `  Demo API key   ${creds.apiKey}`,
    `  Try it         curl -H 'x-api-key: ${creds.apiKey}' ${baseUrl}/api/v3/business/${creds.businessId}/channels`,
    "",
  ].join("\n");
}
