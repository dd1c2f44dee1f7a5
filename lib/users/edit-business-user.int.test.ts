import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/test/api";
import { createTestBusiness, createTestUser, type TestBusiness } from "@/test/factories";
import type { Ctx } from "../context";
import { db } from "../db/pool";
import { AppError } from "../errors";
import { editBusinessUser } from "./edit-business-user";
import { findBusinessUser } from "./user-details";

// The dashboard's edit-user applies G2's rule to one's own calling number: only a business
// admin changes its own; everybody else asks someone who manages them.

type Role = "BUSINESS_ADMIN" | "MANAGER" | "BRANCH_ADMIN" | "AGENT";
let t: TestBusiness;
const ctxOf = (id: string, role: Role): Ctx => ({
  db: db(),
  actor: { type: "user", id, role, businessId: t.business.id },
});

beforeAll(async () => {
  t = await createTestBusiness();
});

async function make(role: Role) {
  return createTestUser(t.business.id, {
    role,
    branchId: role === "BRANCH_ADMIN" || role === "AGENT" ? "north" : null,
    phoneNumber: "919900000201",
  });
}

const selfEdit = (u: { id: string }, role: Role, phoneNumber: string) => ({
  userId: u.id,
  firstName: "Renamed",
  phoneNumber,
  role,
  branchId: role === "BRANCH_ADMIN" || role === "AGENT" ? "north" : undefined,
});

describe("editBusinessUser on oneself", () => {
  it.each(["AGENT", "MANAGER", "BRANCH_ADMIN"] as const)(
    "a %s cannot change its own phoneNumber, as G2 refuses it",
    async (role) => {
      const u = await make(role);
      const err = await editBusinessUser(
        ctxOf(u.id, role),
        t.business.id,
        selfEdit(u, role, "+919900000999"),
      ).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe("forbidden");
      expect((err as AppError).message).toMatch(/Only a business admin may change its own calling number/);
      expect((err as AppError).details).toEqual([
        { path: "phoneNumber", message: "Ask an admin to change your number" },
      ]);
      const row = await findBusinessUser(ctxOf(u.id, role), t.business.id, u.id);
      expect(row.phoneNumber).toBe("919900000201");

      // G2 says the same for the same user (the rule the edit action now shares).
      const g2 = await api(`/api/v1/business/user?apikey=${t.apiKey}&email=${encodeURIComponent(u.email)}`, {
        method: "PATCH",
        json: { type: "callingEnabled", userId: u.id, callingEnabled: true, phoneNumber: "+919900000999" },
      });
      expect(g2.status).toBe(403);
    },
  );

  it("the same number written another way is no change: an agent still edits its own name", async () => {
    const u = await make("AGENT");
    const edited = await editBusinessUser(
      ctxOf(u.id, "AGENT"),
      t.business.id,
      selfEdit(u, "AGENT", "+91 99000 00201"),
    );
    expect(edited.firstName).toBe("Renamed");
    expect(edited.phoneNumber).toBe("919900000201");
  });

  it("a business admin changes its own number; a manager changes an agent's", async () => {
    const admin = await make("BUSINESS_ADMIN");
    const mine = await editBusinessUser(
      ctxOf(admin.id, "BUSINESS_ADMIN"),
      t.business.id,
      selfEdit(admin, "BUSINESS_ADMIN", "+919900000301"),
    );
    expect(mine.phoneNumber).toBe("919900000301");

    const manager = await make("MANAGER");
    const agent = await make("AGENT");
    const theirs = await editBusinessUser(
      ctxOf(manager.id, "MANAGER"),
      t.business.id,
      selfEdit(agent, "AGENT", "+919900000302"),
    );
    expect(theirs.phoneNumber).toBe("919900000302");
  });
});
