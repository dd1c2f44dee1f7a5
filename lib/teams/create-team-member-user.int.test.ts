import { beforeAll, describe, expect, it } from "vitest";
import { createTestBusiness, createTestUser, uniq, type TestBusiness } from "@/test/factories";
import type { Ctx } from "../context";
import { db } from "../db/pool";
import { createBusinessUser } from "../users/create-business-user";
import { createBusinessUserInput } from "../users/business-user-schemas";
import { addTeamMembers } from "./add-team-members";
import { createTeam } from "./create-team";
import { createTeamMemberUser } from "./create-team-member-user";
import { findTeam, teamDetails } from "./team-details";

// The dashboard's create-user takes a team and a status and no phone; G1's
// contract keeps the phone required; a team takes several members at once, all or none.
let t: TestBusiness;
let admin: Ctx;
let adminId: string;
beforeAll(async () => {
  t = await createTestBusiness();
  adminId = (await createTestUser(t.business.id, { role: "BUSINESS_ADMIN" })).id;
  admin = {
    db: db(),
    actor: { type: "user", id: adminId, role: "BUSINESS_ADMIN", businessId: t.business.id },
  };
});

describe("createTeamMemberUser and addTeamMembers", () => {
  it("creates a chat-only agent in a team with its status; G1's schema still needs the phone", async () => {
    const team = await createTeam(admin, t.business.id, {
      teamName: `Chat ${uniq()}`,
      supervisorId: adminId,
    });
    const email = `chat-${uniq()}@example.test`;
    const user = await createTeamMemberUser(admin, t.business.id, {
      firstName: "Chatty",
      emailId: email,
      role: "AGENT",
      phoneNumber: "",
      userStatus: "Away",
      teamId: team.teamId,
    });
    expect(user).toMatchObject({ emailId: email, phoneNumber: null, userStatus: "Away" });
    const details = await teamDetails(admin, await findTeam(admin, t.business.id, team.teamId));
    expect(details.members.map((m) => m.userId)).toEqual([user.userId]);
    expect(
      createBusinessUserInput.safeParse({ firstName: "X", emailId: "x@example.test", role: "AGENT" }).success,
    ).toBe(false);
    await expect(
      createTeamMemberUser(admin, t.business.id, {
        firstName: "Nobody",
        emailId: `n-${uniq()}@example.test`,
        role: "AGENT",
        teamId: "01900000-0000-7000-8000-000000000000",
      }),
    ).rejects.toMatchObject({ code: "invalid_request", details: [{ path: "teamId" }] });
  });

  it("adds several members in one step, or none when one is refused", async () => {
    const team = await createTeam(admin, t.business.id, {
      teamName: `Many ${uniq()}`,
      supervisorId: adminId,
    });
    const make = (n: string) =>
      createBusinessUser(admin, t.business.id, {
        firstName: n,
        emailId: `${n}-${uniq()}@example.test`,
        role: "AGENT",
      });
    const [a, b] = [await make("a"), await make("b")];
    const details = await addTeamMembers(admin, t.business.id, team.teamId, {
      userIds: [a.userId, b.userId],
      supervisorId: adminId,
    });
    expect(details.members.map((m) => m.userId).sort()).toEqual([a.userId, b.userId].sort());

    const other = await createTeam(admin, t.business.id, {
      teamName: `None ${uniq()}`,
      supervisorId: adminId,
    });
    await expect(
      addTeamMembers(admin, t.business.id, other.teamId, {
        userIds: [a.userId, "01900000-0000-7000-8000-000000000000"],
        supervisorId: adminId,
      }),
    ).rejects.toMatchObject({ code: "invalid_request" });
    const after = await teamDetails(admin, await findTeam(admin, t.business.id, other.teamId));
    expect(after.members).toEqual([]);
  });
});
