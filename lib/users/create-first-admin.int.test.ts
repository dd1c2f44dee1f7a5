import { describe, expect, it } from "vitest";
import { api } from "@/test/api";
import { uniq } from "@/test/factories";
import { systemCtx } from "../context";
import { AppError } from "../errors";
import { authenticateUser } from "./authenticate-user";
import { countBusinessAdmins, createFirstAdmin } from "./create-first-admin";
import { createBusiness } from "../businesses/create-business";

const ctx = systemCtx("test");

describe("createFirstAdmin", () => {
  it("creates an admin who signs in with the temporary password and must replace it, and a working key", async () => {
    const b = await createBusiness(ctx, { name: `First ${uniq()}`, defaultCountry: null });
    expect(await countBusinessAdmins(ctx, [b.id])).toEqual({});
    const email = `First-${uniq()}@Example.test`;
    const made = await createFirstAdmin(ctx, { businessId: b.id, email, firstName: "Asha", keyName: "CRM" });
    expect(made.email).toBe(email.toLowerCase());
    expect(made.temporaryPassword).toMatch(/^[a-zA-Z2-9]{16}$/);
    const user = await authenticateUser(ctx, { email, password: made.temporaryPassword });
    expect(user).toMatchObject({ role: "BUSINESS_ADMIN", businessId: b.id, mustChangePassword: true });
    const who = await api("/api/v3/whoami", { headers: { "x-api-key": made.apiKey.key } });
    expect(who.status).toBe(200);
    expect(JSON.stringify(who.json)).toContain(b.id);
    expect(await countBusinessAdmins(ctx, [b.id])).toEqual({ [b.id]: 1 });

    const again = createFirstAdmin(ctx, {
      businessId: b.id,
      email: `x-${uniq()}@example.test`,
      firstName: "B",
    });
    await expect(again).rejects.toMatchObject({ code: "conflict" });
  });

  it("refuses an unknown business and a bad e-mail with field errors", async () => {
    await expect(
      createFirstAdmin(ctx, {
        businessId: "0190c0de-0000-7000-8000-000000000000",
        email: "a@b.test",
        firstName: "A",
      }),
    ).rejects.toMatchObject({ code: "not_found" });
    const bad = await createFirstAdmin(ctx, { businessId: "nope", email: "not-mail", firstName: "" }).catch(
      (e) => e,
    );
    expect(bad).not.toBeInstanceOf(AppError); // a ZodError: runAction turns it into field errors
    expect(bad.issues.map((i: { path: string[] }) => i.path.join("."))).toEqual([
      "businessId",
      "email",
      "firstName",
    ]);
  });
});
