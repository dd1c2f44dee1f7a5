import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/test/api";
import { createTestBusiness, createTestUser, uniq, type TestBusiness } from "@/test/factories";

const TEAM = "/api/v3/provisioning/user-team/team";
const q = (t: TestBusiness, email: string) => `apikey=${t.apiKey}&email=${encodeURIComponent(email)}`;

describe("teams API (G6-G8)", () => {
  let a: TestBusiness;
  let b: TestBusiness;
  let manager: { id: string; email: string };
  let agent: { id: string; email: string };
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestBusiness(), createTestBusiness()]);
    manager = await createTestUser(a.business.id, { role: "MANAGER" });
    agent = await createTestUser(a.business.id, { role: "AGENT" });
  });
  const createTeam = (t: TestBusiness, email: string, json: unknown) =>
    api(`${TEAM}?${q(t, email)}`, { json });

  it("creates a team, adds and removes a member", async () => {
    const name = `Sales ${uniq()}`;
    const res = await createTeam(a, a.admin.email, {
      teamName: name,
      supervisorId: manager.id,
      description: "Inbound",
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, teamName: name, supervisorId: manager.id, members: [] });
    const teamId = res.json.teamId;
    const add = await api(`${TEAM}/${teamId}?${q(a, manager.email)}`, {
      json: { userId: agent.id, supervisorId: manager.id, description: "night shift" },
    });
    expect(add.status).toBe(200);
    expect(add.json.members).toEqual([
      expect.objectContaining({ userId: agent.id, supervisorId: manager.id, description: "night shift" }),
    ]);
    const again = await api(`${TEAM}/${teamId}?${q(a, manager.email)}`, {
      json: { userId: agent.id, supervisorId: manager.id },
    });
    expect(again.status).toBe(200);
    expect(again.json.members).toHaveLength(1);
    const del = await api(`${TEAM}/${teamId}/${agent.id}?${q(a, a.admin.email)}`, { method: "DELETE" });
    expect(del.status).toBe(200);
    expect(del.json.members).toEqual([]);
    const gone = await api(`${TEAM}/${teamId}/${agent.id}?${q(a, a.admin.email)}`, { method: "DELETE" });
    expect(gone.status).toBe(404);
  });

  it("answers 409 for a second team of the same name (any case)", async () => {
    const name = `Support ${uniq()}`;
    expect((await createTeam(a, a.admin.email, { teamName: name, supervisorId: manager.id })).status).toBe(
      200,
    );
    const res = await createTeam(a, a.admin.email, {
      teamName: name.toUpperCase(),
      supervisorId: manager.id,
    });
    expect(res.status).toBe(409);
  });

  it("answers 400 for missing fields and unknown users", async () => {
    const res = await createTeam(a, a.admin.email, { description: "x" });
    expect(res.status).toBe(400);
    expect(res.json.error.details.map((d: { path: string }) => d.path)).toEqual(["teamName", "supervisorId"]);
    const unknown = await createTeam(a, a.admin.email, { teamName: `T ${uniq()}`, supervisorId: b.admin.id });
    expect(unknown.status).toBe(400);
    const team = await createTeam(a, a.admin.email, { teamName: `T ${uniq()}`, supervisorId: manager.id });
    const add = await api(`${TEAM}/${team.json.teamId}?${q(a, a.admin.email)}`, {
      json: { userId: agent.id },
    });
    expect(add.status).toBe(400);
    expect(add.json.error.details[0].path).toBe("supervisorId");
  });

  it("answers 404 for an unknown or malformed team", async () => {
    for (const id of ["00000000-0000-7000-8000-000000000000", "nope"]) {
      const res = await api(`${TEAM}/${id}?${q(a, a.admin.email)}`, {
        json: { userId: agent.id, supervisorId: manager.id },
      });
      expect(res.status).toBe(404);
    }
  });

  it("forbids agents; a branch admin manages only its branch's teams and users", async () => {
    expect(
      (await createTeam(a, agent.email, { teamName: `X ${uniq()}`, supervisorId: manager.id })).status,
    ).toBe(403);
    const ba = await createTestUser(a.business.id, { role: "BRANCH_ADMIN", branchId: "b1" });
    const mine = await createTestUser(a.business.id, { branchId: "b1" });
    const theirs = await createTestUser(a.business.id, { branchId: "b2" });
    expect(
      (await createTeam(a, ba.email, { teamName: `Y ${uniq()}`, supervisorId: manager.id })).status,
    ).toBe(403);
    const team = await createTeam(a, ba.email, { teamName: `Z ${uniq()}`, supervisorId: ba.id });
    expect(team.json.branchId).toBe("b1");
    const url = `${TEAM}/${team.json.teamId}?${q(a, ba.email)}`;
    expect((await api(url, { json: { userId: mine.id, supervisorId: ba.id } })).status).toBe(200);
    expect((await api(url, { json: { userId: theirs.id, supervisorId: ba.id } })).status).toBe(403);
    const adminTeam = await createTeam(a, a.admin.email, {
      teamName: `W ${uniq()}`,
      supervisorId: manager.id,
    });
    const other = await api(`${TEAM}/${adminTeam.json.teamId}?${q(a, ba.email)}`, {
      json: { userId: mine.id, supervisorId: ba.id },
    });
    expect(other.status).toBe(403);
  });

  it("keeps businesses apart: B's key or e-mail cannot reach A's teams", async () => {
    const team = await createTeam(a, a.admin.email, { teamName: `Iso ${uniq()}`, supervisorId: manager.id });
    const bUser = await createTestUser(b.business.id);
    const viaB = await api(`${TEAM}/${team.json.teamId}?${q(b, b.admin.email)}`, {
      json: { userId: bUser.id, supervisorId: b.admin.id },
    });
    expect(viaB.status).toBe(404);
    const delViaB = await api(`${TEAM}/${team.json.teamId}/${agent.id}?${q(b, b.admin.email)}`, {
      method: "DELETE",
    });
    expect(delViaB.status).toBe(404);
    const bUserIntoA = await api(`${TEAM}/${team.json.teamId}?${q(a, a.admin.email)}`, {
      json: { userId: bUser.id, supervisorId: manager.id },
    });
    expect(bUserIntoA.status).toBe(400);
    expect((await createTeam(a, b.admin.email, { teamName: "x", supervisorId: manager.id })).status).toBe(
      401,
    );
  });
});
