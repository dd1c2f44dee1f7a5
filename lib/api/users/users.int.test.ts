import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "@/db/schema";
import { authenticateUser } from "@/lib/users/authenticate-user";
import { findSessionUser } from "@/lib/users/find-session-user";
import { systemCtx } from "@/lib/context";
import { db } from "@/lib/db/pool";
import { api } from "@/test/api";
import { createTestBusiness, createTestUser, uniq, type TestBusiness } from "@/test/factories";

const BASE = "/api/v1/business/user";
const q = (t: TestBusiness, email: string) => `apikey=${t.apiKey}&email=${encodeURIComponent(email)}`;
const newUser = (role = "AGENT", extra: Record<string, unknown> = {}) => ({
  phoneNumber: "+919812345678",
  firstName: "Ravi",
  lastName: "K",
  role,
  emailId: `new-${uniq()}@example.test`,
  ...extra,
});
const row = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

describe("users API (G1-G5)", () => {
  let a: TestBusiness;
  let b: TestBusiness;
  let manager: { id: string; email: string };
  let agent: { id: string; email: string };
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestBusiness(), createTestBusiness()]);
    manager = await createTestUser(a.business.id, { role: "MANAGER" });
    agent = await createTestUser(a.business.id, { role: "AGENT" });
  });

  describe("G1 create user", () => {
    it("creates a user with a temporary password that must be changed at first sign-in", async () => {
      const body = newUser("AGENT", {
        temporaryPassword: "temp-pass-1234",
        supervisorId: manager.id,
        branchId: "pune",
      });
      const res = await api(`${BASE}?${q(a, a.admin.email)}`, { json: body });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        success: true,
        emailId: body.emailId,
        phoneNumber: "919812345678",
        role: "AGENT",
        userStatus: "Available",
        callingEnabled: false,
        enabled: true,
        mustChangePassword: true,
        canSignIn: true,
        supervisorId: manager.id,
        branchId: "pune",
      });
      const signedIn = await authenticateUser(systemCtx(), {
        email: body.emailId,
        password: "temp-pass-1234",
      });
      expect(signedIn?.mustChangePassword).toBe(true);
    });

    it("creates a user without a password who cannot sign in", async () => {
      const body = newUser("MANAGER");
      const res = await api(`${BASE}?${q(a, a.admin.email)}`, { json: body });
      expect(res.json).toMatchObject({ canSignIn: false, mustChangePassword: false });
      expect((await row(res.json.userId)).passwordHash).toBeNull();
    });

    it("accepts a form-urlencoded body too", async () => {
      const form = new URLSearchParams({ ...newUser("AGENT"), phoneNumber: "+919812345679" } as Record<
        string,
        string
      >);
      const res = await api(`${BASE}?${q(a, a.admin.email)}`, {
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: form.toString(),
      });
      expect(res.status).toBe(200);
      expect(res.json.phoneNumber).toBe("919812345679");
    });

    it("answers 409 for an e-mail already in use (any case)", async () => {
      const body = newUser();
      expect((await api(`${BASE}?${q(a, a.admin.email)}`, { json: body })).status).toBe(200);
      const res = await api(`${BASE}?${q(a, a.admin.email)}`, {
        json: { ...body, emailId: body.emailId.toUpperCase() },
      });
      expect(res.status).toBe(409);
      expect(res.json.error.message).toMatch(/already exists/);
    });

    it("answers 400 with paths for missing or invalid fields", async () => {
      const res = await api(`${BASE}?${q(a, a.admin.email)}`, {
        json: { firstName: "", role: "KING", emailId: "nope", phoneNumber: "12" },
      });
      expect(res.status).toBe(400);
      const paths = res.json.error.details.map((d: { path: string }) => d.path);
      expect(paths).toEqual(expect.arrayContaining(["phoneNumber", "firstName", "role", "emailId"]));
      const empty = await api(`${BASE}?${q(a, a.admin.email)}`, { method: "POST" });
      expect(empty.status).toBe(400);
      const shortPw = await api(`${BASE}?${q(a, a.admin.email)}`, {
        json: newUser("AGENT", { temporaryPassword: "x" }),
      });
      expect(shortPw.json.error.details[0].path).toBe("temporaryPassword");
    });

    it("answers 400 for a supervisor of another business", async () => {
      const res = await api(`${BASE}?${q(a, a.admin.email)}`, {
        json: newUser("AGENT", { supervisorId: b.admin.id }),
      });
      expect(res.status).toBe(400);
      expect(res.json.error.details[0].path).toBe("supervisorId");
    });

    it("lets a manager create agents but not business admins; an agent nothing", async () => {
      expect((await api(`${BASE}?${q(a, manager.email)}`, { json: newUser("AGENT") })).status).toBe(200);
      expect((await api(`${BASE}?${q(a, manager.email)}`, { json: newUser("BUSINESS_ADMIN") })).status).toBe(
        403,
      );
      const res = await api(`${BASE}?${q(a, agent.email)}`, { json: newUser("AGENT") });
      expect(res.status).toBe(403);
      expect(res.json.error.code).toBe("forbidden");
    });

    it("puts a branch admin's users in its branch and refuses other branches", async () => {
      const ba = await createTestUser(a.business.id, { role: "BRANCH_ADMIN", branchId: "north" });
      const res = await api(`${BASE}?${q(a, ba.email)}`, { json: newUser("AGENT") });
      expect(res.status).toBe(200);
      expect(res.json.branchId).toBe("north");
      expect(
        (await api(`${BASE}?${q(a, ba.email)}`, { json: newUser("AGENT", { branchId: "south" }) })).status,
      ).toBe(403);
      expect((await api(`${BASE}?${q(a, ba.email)}`, { json: newUser("MANAGER") })).status).toBe(403);
    });
  });

  describe("G2 update user", () => {
    it("sets a status; an agent sets its own", async () => {
      const u = await createTestUser(a.business.id);
      const res = await api(`${BASE}?${q(a, a.admin.email)}`, {
        method: "PATCH",
        json: { type: "userStatus", userId: u.id, userStatus: "Busy" },
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ userId: u.id, userStatus: "Busy" });
      const own = await api(`${BASE}?${q(a, u.email)}`, {
        method: "PATCH",
        json: { type: "userStatus", userId: u.id, userStatus: "Away" },
      });
      expect(own.json.userStatus).toBe("Away");
    });

    it("forbids an agent to change another user or to disable itself", async () => {
      const u = await createTestUser(a.business.id);
      const other = await api(`${BASE}?${q(a, agent.email)}`, {
        method: "PATCH",
        json: { type: "userStatus", userId: u.id, userStatus: "Busy" },
      });
      expect(other.status).toBe(403);
      const self = await api(`${BASE}?${q(a, u.email)}`, {
        method: "PATCH",
        json: { type: "userStatus", userId: u.id, userStatus: "Disabled" },
      });
      expect(self.status).toBe(403);
    });

    it("treats userStatus Disabled as disable, and refuses other statuses until enabled", async () => {
      const u = await createTestUser(a.business.id);
      const res = await api(`${BASE}?${q(a, a.admin.email)}`, {
        method: "PATCH",
        json: { type: "userStatus", userId: u.id, userStatus: "Disabled" },
      });
      expect(res.json).toMatchObject({ userStatus: "Disabled", enabled: false });
      const again = await api(`${BASE}?${q(a, a.admin.email)}`, {
        method: "PATCH",
        json: { type: "userStatus", userId: u.id, userStatus: "Available" },
      });
      expect(again.status).toBe(409);
    });

    it("turns calling on with a phone number (booleans as strings too)", async () => {
      const u = await createTestUser(a.business.id);
      const res = await api(`${BASE}?${q(a, manager.email)}`, {
        method: "PATCH",
        json: {
          type: "callingEnabled",
          userId: u.id,
          callingEnabled: "true",
          phoneNumber: "+91 98123 40000",
        },
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ callingEnabled: true, phoneNumber: "919812340000" });
    });

    it("answers 400 for an unknown type, a bad status or a missing phoneNumber", async () => {
      const bad = [
        { type: "nickname", userId: agent.id },
        { type: "userStatus", userId: agent.id, userStatus: "Sleeping" },
        { type: "callingEnabled", userId: agent.id, callingEnabled: true },
      ];
      for (const json of bad) {
        const res = await api(`${BASE}?${q(a, a.admin.email)}`, { method: "PATCH", json });
        expect(res.status).toBe(400);
        expect(res.json.error.details.length).toBeGreaterThan(0);
      }
    });

    it("answers 404 for an unknown or malformed userId", async () => {
      for (const userId of ["00000000-0000-7000-8000-000000000000", "abc"]) {
        const res = await api(`${BASE}?${q(a, a.admin.email)}`, {
          method: "PATCH",
          json: { type: "userStatus", userId, userStatus: "Busy" },
        });
        expect(res.status).toBe(404);
      }
    });
  });

  describe("G3/G4 enable and disable", () => {
    it("disables (status Disabled, sessions end, API e-mail refused) and enables (Available), both path forms", async () => {
      const u = await createTestUser(a.business.id, { status: "Busy" });
      const before = await row(u.id);
      const res = await api(`${BASE}/${u.id}/disable?${q(a, a.admin.email)}`, { method: "POST" });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        success: true,
        message: "User disabled",
        userStatus: "Disabled",
        enabled: false,
      });
      expect(await findSessionUser(systemCtx(), u.id, before.sessionVersion)).toBeNull();
      const asDisabled = await api(`${BASE}/${u.id}/status?${q(a, u.email)}`);
      expect(asDisabled.status).toBe(401);
      const en = await api(`${BASE}/enable/${u.id}?${q(a, a.admin.email)}`, { method: "POST" });
      expect(en.json).toMatchObject({ message: "User enabled", userStatus: "Available", enabled: true });
      const dis2 = await api(`${BASE}/disable/${u.id}?${q(a, a.admin.email)}`, { method: "POST" });
      expect(dis2.json.enabled).toBe(false);
      const en2 = await api(`${BASE}/${u.id}/enable?${q(a, a.admin.email)}`, { method: "POST" });
      expect(en2.json.enabled).toBe(true);
    });

    it("keeps the sign-in of a disabled user blocked", async () => {
      const body = newUser("AGENT", { temporaryPassword: "temp-pass-9999" });
      const created = await api(`${BASE}?${q(a, a.admin.email)}`, { json: body });
      await api(`${BASE}/${created.json.userId}/disable?${q(a, a.admin.email)}`, { method: "POST" });
      expect(
        await authenticateUser(systemCtx(), { email: body.emailId, password: "temp-pass-9999" }),
      ).toBeNull();
    });

    it("forbids disabling oneself, managers disabling admins, and agents anything", async () => {
      expect(
        (await api(`${BASE}/${a.admin.id}/disable?${q(a, a.admin.email)}`, { method: "POST" })).status,
      ).toBe(403);
      expect(
        (await api(`${BASE}/${a.admin.id}/disable?${q(a, manager.email)}`, { method: "POST" })).status,
      ).toBe(403);
      const u = await createTestUser(a.business.id);
      expect((await api(`${BASE}/${u.id}/disable?${q(a, agent.email)}`, { method: "POST" })).status).toBe(
        403,
      );
    });

    it("lets a branch admin disable agents of its branch only", async () => {
      const ba = await createTestUser(a.business.id, { role: "BRANCH_ADMIN", branchId: "east" });
      const mine = await createTestUser(a.business.id, { branchId: "east" });
      const theirs = await createTestUser(a.business.id, { branchId: "west" });
      expect((await api(`${BASE}/${mine.id}/disable?${q(a, ba.email)}`, { method: "POST" })).status).toBe(
        200,
      );
      expect((await api(`${BASE}/${theirs.id}/disable?${q(a, ba.email)}`, { method: "POST" })).status).toBe(
        403,
      );
    });
  });

  describe("G5 status", () => {
    it("answers userStatus by GET and POST; an agent reads only its own", async () => {
      const get = await api(`${BASE}/${agent.id}/status?${q(a, a.admin.email)}`);
      expect(get.status).toBe(200);
      expect(get.json.userStatus).toBe("Available");
      const post = await api(`${BASE}/${agent.id}/status?${q(a, agent.email)}`, { method: "POST" });
      expect(post.json.userId).toBe(agent.id);
      expect((await api(`${BASE}/${manager.id}/status?${q(a, agent.email)}`)).status).toBe(403);
    });
  });

  describe("authentication and tenant isolation", () => {
    it("answers 401 without key, without email, or for an unknown email", async () => {
      expect((await api(`${BASE}/${agent.id}/status?email=${a.admin.email}`)).status).toBe(401);
      expect((await api(`${BASE}/${agent.id}/status?apikey=${a.apiKey}`)).status).toBe(401);
      expect((await api(`${BASE}/${agent.id}/status?${q(a, "ghost@example.test")}`)).status).toBe(401);
    });

    it("answers 401 for an e-mail of business B with A's key", async () => {
      const res = await api(`${BASE}?${q(a, b.admin.email)}`, { json: newUser() });
      expect(res.status).toBe(401);
    });

    it("never lets A's key and admin touch B's users (404, nothing changed)", async () => {
      const bUser = await createTestUser(b.business.id, { status: "Busy" });
      const calls = [
        () => api(`${BASE}/${bUser.id}/status?${q(a, a.admin.email)}`),
        () => api(`${BASE}/${bUser.id}/disable?${q(a, a.admin.email)}`, { method: "POST" }),
        () => api(`${BASE}/enable/${bUser.id}?${q(a, a.admin.email)}`, { method: "POST" }),
        () =>
          api(`${BASE}?${q(a, a.admin.email)}`, {
            method: "PATCH",
            json: { type: "userStatus", userId: bUser.id, userStatus: "Away" },
          }),
        () =>
          api(`${BASE}?${q(a, a.admin.email)}`, {
            method: "PATCH",
            json: {
              type: "callingEnabled",
              userId: bUser.id,
              callingEnabled: true,
              phoneNumber: "+919812300000",
            },
          }),
      ];
      const statuses: number[] = [];
      for (const call of calls) statuses.push((await call()).status);
      expect(statuses).toEqual([404, 404, 404, 404, 404]);
      expect(await row(bUser.id)).toMatchObject({ status: "Busy", enabled: true, callingEnabled: false });
    });

    it("answers 415 to other body types", async () => {
      const res = await api(`${BASE}?${q(a, a.admin.email)}`, {
        headers: { "content-type": "text/plain" },
        body: "x",
      });
      expect(res.status).toBe(415);
    });
  });
});
